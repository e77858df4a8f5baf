import type { MemberRoleOrGuest } from '@bindery/contracts';
import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface PendingInviteRow {
  id: string;
  organization_id: string;
  organization_title: string;
  role: MemberRoleOrGuest;
  created_at: Date;
}

/** Invitations of existing accounts, waiting for their owner to accept them. */
@Injectable()
export class PendingInvitesRepository {
  constructor(private readonly db: DataSource) {}

  /** Invites the user, or re-targets their waiting invitation to the new role. */
  async upsert(
    manager: EntityManager,
    row: { id: string; organizationId: string; userId: string; role: MemberRoleOrGuest; invitedBy: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO pending_invites (id, organization_id, user_id, role, invited_by) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (organization_id, user_id) DO UPDATE SET role = EXCLUDED.role, invited_by = EXCLUDED.invited_by`,
      [row.id, row.organizationId, row.userId, row.role, row.invitedBy],
    );
  }

  /** The invitation `id` of the organization addressed to `userId`; anyone else's is not found. */
  async findFor(organizationId: string, id: string, userId: string): Promise<{ id: string; role: MemberRoleOrGuest } | undefined> {
    const rows: Array<{ id: string; role: MemberRoleOrGuest }> = await this.db.query(
      'SELECT id, role FROM pending_invites WHERE organization_id = $1 AND id = $2 AND user_id = $3',
      [organizationId, id, userId],
    );
    return rows[0];
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.query('DELETE FROM pending_invites WHERE id = $1', [id]);
  }

  /** A page of the invitations waiting for the user, oldest first. */
  async listFor(userId: string, limit: number, after?: CursorKey): Promise<{ rows: PendingInviteRow[]; count: number }> {
    const counted: Array<{ n: number }> = await this.db.query('SELECT count(*)::int AS n FROM pending_invites WHERE user_id = $1', [
      userId,
    ]);
    const params: unknown[] = [userId];
    const keyset = after ? `AND (p.created_at, p.id) > ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})` : '';
    const rows: PendingInviteRow[] = await this.db.query(
      `SELECT p.id, p.organization_id, o.title AS organization_title, p.role, p.created_at
       FROM pending_invites p JOIN organizations o ON o.id = p.organization_id
       WHERE p.user_id = $1 ${keyset} ORDER BY p.created_at, p.id LIMIT ${Number(limit)}`,
      params,
    );
    return { rows, count: counted[0].n };
  }
}
