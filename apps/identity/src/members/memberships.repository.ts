import type { MemberRole } from '@bindery/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { UserEntity } from '../users/user.entity';
import { MembershipEntity } from './membership.entity';

export interface MemberUserRow {
  user: UserEntity;
  role: MemberRole | null;
}

@Injectable()
export class MembershipsRepository {
  constructor(private readonly db: DataSource) {}

  /** Adds or updates a membership; returns true when it was new. */
  async upsert(manager: EntityManager, m: Pick<MembershipEntity, 'organizationId' | 'userId' | 'role'>): Promise<boolean> {
    const rows: Array<{ inserted: boolean }> = await manager.query(
      `INSERT INTO memberships (organization_id, user_id, role) VALUES ($1, $2, $3)
       ON CONFLICT (organization_id, user_id) DO UPDATE SET role = EXCLUDED.role
       RETURNING (xmax = 0) AS inserted`,
      [m.organizationId, m.userId, m.role],
    );
    return rows[0].inserted;
  }

  /** Adds a membership unless the user already is a member (whose role then stays); true when added. */
  async insertIfAbsent(manager: EntityManager, m: Pick<MembershipEntity, 'organizationId' | 'userId' | 'role' | 'sso'>): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO memberships (organization_id, user_id, role, sso) VALUES ($1, $2, $3, $4)
       ON CONFLICT (organization_id, user_id) DO NOTHING RETURNING user_id`,
      [m.organizationId, m.userId, m.role, m.sso],
    );
    return rows.length > 0;
  }

  /** The enabled members of the organization among `userIds`, with their users. */
  async findAmong(organizationId: string, userIds: string[]): Promise<MemberUserRow[]> {
    const rows: Array<{ id: string; display_name: string; email: string; photo_url: string | null; role: MemberRole | null }> =
      await this.db.query(
        `SELECT u.id, u.display_name, u.email, u.photo_url, m.role
         FROM memberships m JOIN users u ON u.id = m.user_id
         WHERE m.organization_id = $1 AND m.user_id = ANY($2::text[]) AND NOT m.disabled`,
        [organizationId, userIds],
      );
    return rows.map((r) => {
      const user = new UserEntity();
      Object.assign(user, { id: r.id, displayName: r.display_name, email: r.email, photoURL: r.photo_url });
      return { user, role: r.role };
    });
  }
}
