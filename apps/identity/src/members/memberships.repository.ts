import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MembershipEntity } from './membership.entity';

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
}
