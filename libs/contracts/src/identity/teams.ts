import type { NoResult } from '../context';
import type { List, PageQuery } from '../pagination';
import type { Member, MemberInput } from './members';
import type { IdentitySubjects } from './subjects';

export interface TeamPermissions {
  /** May manage the team: rename, delete (admins only) and change its members. */
  admin: boolean;
  view: boolean;
}

/** Wire shape of a team (official OrganizationTeam). */
export interface Team {
  object: 'team';
  id: string;
  title: string;
  members: number;
  spaces: number;
  createdAt: string;
  permissions: TeamPermissions;
}

export type TeamMemberRole = 'owner' | 'member';
export const TEAM_MEMBER_ROLES: readonly TeamMemberRole[] = ['owner', 'member'];

export interface TeamMember {
  organization: Member;
  team: { role: TeamMemberRole };
  permissions: { view: boolean };
}

export interface MemberTeam {
  team: Team;
  member: { role: TeamMemberRole };
}

export interface MemberTeamsInput extends MemberInput, PageQuery {
  title?: string;
}
export interface TeamListInput extends PageQuery {
  organizationId: string;
  owner?: string;
  title?: string;
}
export interface TeamCreateInput {
  organizationId: string;
  title: string;
  members?: string[];
}
export interface TeamInput {
  organizationId: string;
  teamId: string;
}
export interface TeamUpdateInput extends TeamInput {
  title: string;
}
export interface TeamMemberListInput extends TeamInput, PageQuery {}
export interface TeamMembersUpdateInput extends TeamInput {
  add?: string[];
  remove?: string[];
  memberships?: Record<string, { role: TeamMemberRole }>;
}
export interface TeamMemberInput extends TeamInput {
  userId: string;
}
export interface TeamMemberPutInput extends TeamMemberInput {
  role?: TeamMemberRole;
}

export interface TeamCreatedEvent {
  organizationId: string;
  teamId: string;
}
/** Payload of `identity.team.deleted`: grants held by this team must go. */
export interface TeamDeletedEvent {
  organizationId: string;
  teamId: string;
  deletedAt: string;
}
export interface TeamMembersChangedEvent {
  organizationId: string;
  teamId: string;
  added: string[];
  removed: string[];
}

export interface TeamsRpc {
  [IdentitySubjects.teamList]: { input: TeamListInput; result: List<Team> };
  [IdentitySubjects.memberTeams]: { input: MemberTeamsInput; result: List<MemberTeam> };
  [IdentitySubjects.teamCreate]: { input: TeamCreateInput; result: Team };
  [IdentitySubjects.teamGet]: { input: TeamInput; result: Team };
  [IdentitySubjects.teamUpdate]: { input: TeamUpdateInput; result: Team };
  [IdentitySubjects.teamDelete]: { input: TeamInput; result: NoResult };
  [IdentitySubjects.teamMemberList]: { input: TeamMemberListInput; result: List<TeamMember> };
  [IdentitySubjects.teamMembersUpdate]: { input: TeamMembersUpdateInput; result: NoResult };
  [IdentitySubjects.teamMemberPut]: { input: TeamMemberPutInput; result: NoResult };
  [IdentitySubjects.teamMemberRemove]: { input: TeamMemberInput; result: NoResult };
}
