import type { TeamMemberRole } from '@bindery/contracts';
import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MEMBER_COLUMNS, type MemberRow } from '../members/member-row';

export type TeamMemberRow = MemberRow & { team_role: TeamMemberRole; added_at: Date };

@Injectable()
export class TeamMembersRepository {
  constructor(private readonly db: DataSource) {}

  /** A page of a team's members in the order they were added. */
  async list(teamId: string, limit: number, after?: CursorKey): Promise<{ rows: TeamMemberRow[]; count: number }> {
    const counted: Array<{ n: number }> = await this.db.query('SELECT count(*)::int AS n FROM team_members WHERE team_id = $1', [teamId]);
    const params: unknown[] = [teamId];
    const keyset = after ? `AND (tmm.added_at, tmm.user_id) > ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})` : '';
    const rows: TeamMemberRow[] = await this.db.query(
      `SELECT ${MEMBER_COLUMNS}, tmm.role AS team_role, tmm.added_at
       FROM team_members tmm
       JOIN memberships m ON m.organization_id = tmm.organization_id AND m.user_id = tmm.user_id
       JOIN users u ON u.id = m.user_id
       WHERE tmm.team_id = $1 ${keyset}
       ORDER BY tmm.added_at, tmm.user_id LIMIT ${Number(limit)}`,
      params,
    );
    return { rows, count: counted[0].n };
  }
}
