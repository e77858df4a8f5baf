import type { MemberRoleOrGuest, Team, TeamMemberRole } from '@bindery/contracts';
import { teamPermissions } from '../permissions/access-rules';

/** A team with its member count and the caller's role in it, as the teams queries return it. */
export interface TeamRow {
  id: string;
  organization_id: string;
  title: string;
  created_at: Date;
  members: number;
  spaces: number;
  caller_role: TeamMemberRole | null;
}

/** SELECT list of a TeamRow from `teams t`; `$2` is the caller's user id. */
export const TEAM_COLUMNS = `t.id, t.organization_id, t.title, t.created_at,
  (SELECT count(*)::int FROM team_members c WHERE c.team_id = t.id) AS members,
  COALESCE((SELECT ts.spaces FROM team_space_counts ts WHERE ts.team_id = t.id), 0) AS spaces,
  (SELECT r.role FROM team_members r WHERE r.team_id = t.id AND r.user_id = $2) AS caller_role`;

export function toTeam(row: TeamRow, callerOrgRole: MemberRoleOrGuest): Team {
  return {
    object: 'team',
    id: row.id,
    title: row.title,
    members: row.members,
    // As content last counted them (space-counts consumer); content grants no spaces to teams yet.
    spaces: row.spaces,
    createdAt: row.created_at.toISOString(),
    permissions: teamPermissions({ role: callerOrgRole, teamRole: row.caller_role ?? undefined }),
  };
}
