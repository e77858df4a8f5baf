import type { MemberListInput, MemberRole } from '@bindery/contracts';
import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { memberListSql } from './member-list-query';
import { MEMBER_COLUMNS, type MemberRow } from './member-row';

@Injectable()
export class MembersRepository {
  constructor(private readonly db: DataSource) {}

  async list(input: MemberListInput, limit: number, after?: CursorKey): Promise<{ rows: MemberRow[]; count: number }> {
    const sql = memberListSql(input, after);
    const from = `FROM memberships m JOIN users u ON u.id = m.user_id WHERE ${sql.where}`;
    const counted: Array<{ n: number }> = await this.db.query(`SELECT count(*)::int AS n ${from}`, sql.filterParams);
    const rows: MemberRow[] = await this.db.query(
      `SELECT ${MEMBER_COLUMNS} ${from} ${sql.after} ORDER BY ${sql.orderBy} LIMIT ${Number(limit)}`,
      sql.params,
    );
    return { rows, count: counted[0].n };
  }

  async find(organizationId: string, userId: string, manager: EntityManager = this.db.manager): Promise<MemberRow | undefined> {
    const rows: MemberRow[] = await manager.query(
      `SELECT ${MEMBER_COLUMNS} FROM memberships m JOIN users u ON u.id = m.user_id WHERE m.organization_id = $1 AND m.user_id = $2`,
      [organizationId, userId],
    );
    return rows[0];
  }

  /**
   * Locks the organization row so membership changes of one organization run one at a time:
   * two admins demoting each other concurrently must not leave it without an admin.
   */
  async lockOrganization(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query('SELECT id FROM organizations WHERE id = $1 FOR UPDATE', [organizationId]);
  }

  async countAdmins(manager: EntityManager, organizationId: string): Promise<number> {
    const rows: Array<{ n: number }> = await manager.query(
      "SELECT count(*)::int AS n FROM memberships WHERE organization_id = $1 AND role = 'admin' AND NOT disabled",
      [organizationId],
    );
    return rows[0].n;
  }

  async setRole(manager: EntityManager, organizationId: string, userId: string, role: MemberRole | null): Promise<void> {
    await manager.query('UPDATE memberships SET role = $3 WHERE organization_id = $1 AND user_id = $2', [organizationId, userId, role]);
  }

  async setSso(manager: EntityManager, organizationId: string, userId: string): Promise<void> {
    await manager.query('UPDATE memberships SET sso = true WHERE organization_id = $1 AND user_id = $2', [organizationId, userId]);
  }

  /** Removes a membership (and, by cascade, its team memberships); false when there was none. */
  async remove(manager: EntityManager, organizationId: string, userId: string): Promise<boolean> {
    const result: unknown = await manager.query('DELETE FROM memberships WHERE organization_id = $1 AND user_id = $2', [
      organizationId,
      userId,
    ]);
    return (result as [unknown, number])[1] > 0;
  }

  async touchLastSeen(organizationId: string, userId: string): Promise<void> {
    await this.db.query('UPDATE memberships SET last_seen_at = now() WHERE organization_id = $1 AND user_id = $2', [
      organizationId,
      userId,
    ]);
  }
}
