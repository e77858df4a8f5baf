import type { TeamMemberRole } from '@bindery/contracts';
import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { likePattern } from '../members/member-list-query';
import { TEAM_COLUMNS, type TeamRow } from './team-row';

export interface TeamFilter {
  /** Only teams this user can manage: all of them for an admin, else those they own. */
  manageableBy?: { userId: string; isAdmin: boolean };
  /** Only teams this user belongs to. */
  memberId?: string;
  /** Case-insensitive containment in the title. */
  title?: string;
}

@Injectable()
export class TeamsRepository {
  constructor(private readonly db: DataSource) {}

  async list(
    organizationId: string,
    callerId: string,
    filter: TeamFilter,
    limit: number,
    after?: CursorKey,
  ): Promise<{ rows: TeamRow[]; count: number }> {
    const params: unknown[] = [organizationId, callerId];
    const conditions = ['t.organization_id = $1'];
    if (filter.title) conditions.push(`t.title ILIKE $${params.push(likePattern(filter.title))}`);
    if (filter.manageableBy && !filter.manageableBy.isAdmin) {
      conditions.push(
        `EXISTS (SELECT 1 FROM team_members o WHERE o.team_id = t.id AND o.user_id = $${params.push(filter.manageableBy.userId)} AND o.role = 'owner')`,
      );
    }
    if (filter.memberId)
      conditions.push(`EXISTS (SELECT 1 FROM team_members f WHERE f.team_id = t.id AND f.user_id = $${params.push(filter.memberId)})`);
    const where = conditions.join(' AND ');
    // $2 is referenced only by the select list, so the count query binds it through a no-op.
    const counted: Array<{ n: number }> = await this.db.query(
      `SELECT count(*)::int AS n FROM teams t WHERE ${where} AND $2::text IS NOT NULL`,
      params,
    );
    const keyset = after ? `AND (t.created_at, t.id) > ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})` : '';
    const rows: TeamRow[] = await this.db.query(
      `SELECT ${TEAM_COLUMNS} FROM teams t WHERE ${where} ${keyset} ORDER BY t.created_at, t.id LIMIT ${Number(limit)}`,
      params,
    );
    return { rows, count: counted[0].n };
  }

  async find(
    organizationId: string,
    teamId: string,
    callerId: string,
    manager: EntityManager = this.db.manager,
  ): Promise<TeamRow | undefined> {
    const rows: TeamRow[] = await manager.query(`SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.organization_id = $1 AND t.id = $3`, [
      organizationId,
      callerId,
      teamId,
    ]);
    return rows[0];
  }

  async insert(manager: EntityManager, team: { id: string; organizationId: string; title: string }): Promise<void> {
    await manager.query('INSERT INTO teams (id, organization_id, title) VALUES ($1, $2, $3)', [team.id, team.organizationId, team.title]);
  }

  async updateTitle(organizationId: string, teamId: string, title: string): Promise<void> {
    await this.db.query('UPDATE teams SET title = $3 WHERE organization_id = $1 AND id = $2', [organizationId, teamId, title]);
  }

  /** Deletes a team; false when it did not exist. */
  async delete(manager: EntityManager, organizationId: string, teamId: string): Promise<boolean> {
    const result: unknown = await manager.query('DELETE FROM teams WHERE organization_id = $1 AND id = $2', [organizationId, teamId]);
    return (result as [unknown, number])[1] > 0;
  }

  /** Adds members, or changes the role of those already in the team. */
  async upsertMembers(
    manager: EntityManager,
    organizationId: string,
    teamId: string,
    members: Array<{ userId: string; role: TeamMemberRole }>,
  ): Promise<void> {
    for (const m of members) {
      await manager.query(
        `INSERT INTO team_members (team_id, organization_id, user_id, role) VALUES ($1, $2, $3, $4)
         ON CONFLICT (team_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
        [teamId, organizationId, m.userId, m.role],
      );
    }
  }

  /** Adds members that are not in the team yet with the plain member role; existing ones keep theirs. */
  async addMembers(manager: EntityManager, organizationId: string, teamId: string, userIds: string[]): Promise<void> {
    if (userIds.length === 0) return;
    await manager.query(
      `INSERT INTO team_members (team_id, organization_id, user_id, role) SELECT $1, $2, unnest($3::text[]), 'member'
       ON CONFLICT (team_id, user_id) DO NOTHING`,
      [teamId, organizationId, userIds],
    );
  }

  async removeMembers(manager: EntityManager, teamId: string, userIds: string[]): Promise<void> {
    if (userIds.length > 0) await manager.query('DELETE FROM team_members WHERE team_id = $1 AND user_id = ANY($2)', [teamId, userIds]);
  }

  /** Locks a team for a membership change; false when it does not exist in the organization. */
  async lock(manager: EntityManager, organizationId: string, teamId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT id FROM teams WHERE organization_id = $1 AND id = $2 FOR UPDATE', [
      organizationId,
      teamId,
    ]);
    return rows.length > 0;
  }

  /**
   * Resolves user ids or emails to the ids of members of the organization. Returns the
   * identifiers that match no member so the caller can name them.
   */
  async resolveMembers(organizationId: string, identifiers: string[]): Promise<{ ids: Map<string, string>; unknown: string[] }> {
    const rows: Array<{ user_id: string; email: string }> = await this.db.query(
      `SELECT m.user_id, u.email FROM memberships m JOIN users u ON u.id = m.user_id
       WHERE m.organization_id = $1 AND (m.user_id = ANY($2) OR lower(u.email) = ANY($3))`,
      [organizationId, identifiers, identifiers.map((i) => i.toLowerCase())],
    );
    const ids = new Map<string, string>();
    for (const row of rows) {
      ids.set(row.user_id, row.user_id);
      ids.set(row.email.toLowerCase(), row.user_id);
    }
    const resolved = new Map(
      identifiers.filter((i) => ids.has(i) || ids.has(i.toLowerCase())).map((i) => [i, ids.get(i) ?? ids.get(i.toLowerCase())!]),
    );
    return { ids: resolved, unknown: identifiers.filter((i) => !resolved.has(i)) };
  }
}
