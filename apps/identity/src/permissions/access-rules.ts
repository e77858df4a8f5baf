import { type MemberRole, roleAtLeast, type TeamMemberRole, type TeamPermissions } from '@bindery/contracts';

/** Things a caller may attempt in an organization; every identity call is authorised by one of them. */
export type OrgAction =
  | 'org.view'
  | 'org.update'
  | 'members.list'
  | 'members.manage'
  | 'teams.list'
  | 'teams.create'
  | 'invites.manage'
  | 'saml.manage'
  | 'sso.view'
  | 'agentInstructions.view'
  | 'agentInstructions.update';

/** A caller's standing: org role (null = guest, undefined = not a member) and, for team calls, team role. */
export interface Standing {
  role: MemberRole | null | undefined;
  teamRole?: TeamMemberRole;
}

/**
 * The role matrix. Admins administrate the organization; every member (guests included) may see
 * it; members with a role (not guests) may see who else is in it and how teams are arranged.
 */
const RULES: Record<OrgAction, (s: Standing) => boolean> = {
  'org.view': isMember,
  'org.update': isAdmin,
  'members.list': hasRole,
  'members.manage': isAdmin,
  'teams.list': hasRole,
  'teams.create': isAdmin,
  'invites.manage': isAdmin,
  'saml.manage': isAdmin,
  'sso.view': isMember,
  'agentInstructions.view': hasRole,
  'agentInstructions.update': isAdmin,
};

export function can(action: OrgAction, standing: Standing): boolean {
  return RULES[action](standing);
}

/** What a caller may do with one team: admins and the team's owners manage it; members with a role see it. */
export function teamPermissions(standing: Standing): TeamPermissions {
  return {
    admin: isAdmin(standing) || (isMember(standing) && standing.teamRole === 'owner'),
    view: hasRole(standing) || (isMember(standing) && standing.teamRole !== undefined),
  };
}

/** Whether the caller may see or manage another member's own data (teams, spaces): admins and the member themself. */
export function canInspectMember(standing: Standing, callerId: string, userId: string): boolean {
  return isAdmin(standing) || (isMember(standing) && callerId === userId);
}

function isMember({ role }: Standing): boolean {
  return role !== undefined;
}
function hasRole({ role }: Standing): boolean {
  return role != null;
}
function isAdmin({ role }: Standing): boolean {
  return roleAtLeast(role, 'admin');
}
