import type { NoResult } from '../context';
import type { List, PageQuery } from '../pagination';
import type { MemberRole } from '../roles';
import type { OrgScopedInput } from './organizations';
import type { IdentitySubjects } from './subjects';
import type { User } from './users';

/** Role of a member; null for a guest. */
export type MemberRoleOrGuest = MemberRole | null;

/** Wire shape of an organization member (official OrganizationMember). */
export interface Member {
  object: 'member';
  id: string;
  role: MemberRoleOrGuest;
  user: User;
  disabled: boolean;
  joinedAt: string;
  lastSeenAt?: string;
  sso: boolean;
  /** Spaces the member reaches through its own grants; kept by the content context (0 until it reports). */
  spaces: number;
  teams: number;
  sites: number;
}

/** The caller's role in an organization, for other contexts that authorise against it. */
export interface MembershipGetInput {
  organizationId: string;
  userId: string;
}
export interface MembershipGetResult {
  /** False when the user is not a member (then `role` is null too). */
  member: boolean;
  /** The role; null for a guest. */
  role: MemberRole | null;
}

export interface MembershipsAmongInput {
  organizationId: string;
  /** At most MAX_MEMBERSHIPS_AMONG ids. */
  userIds: string[];
}
export const MAX_MEMBERSHIPS_AMONG = 100;
/** The users among the ids who are enabled members; unknown users and non-members are left out. */
export interface MembershipsAmongResult {
  members: Array<{ user: User; role: MemberRole | null }>;
}

/** `{permission, space}`: the member's effective level on one space. */
export interface MemberSpace {
  permission: MemberRole;
  space: unknown;
}

export type MemberSort = 'joinedAt' | 'lastSeenAt' | 'name';
export interface MemberListInput extends PageQuery {
  organizationId: string;
  order?: 'asc' | 'desc';
  role?: MemberRole | 'guest';
  search?: string;
  sort?: MemberSort;
}
export interface MemberInput {
  organizationId: string;
  userId: string;
}
export interface MemberUpdateInput extends MemberInput {
  role: MemberRoleOrGuest;
}
export interface MemberSpacesInput extends MemberInput, PageQuery {
  order?: 'asc' | 'desc';
}
export interface PingResult {
  serviceVisitorClaims: string;
  gitbookVisitorClaims: string;
}

/** Payload of `identity.member.added`. */
export interface MemberAddedEvent {
  organizationId: string;
  userId: string;
  role: MemberRoleOrGuest;
  addedAt: string;
}
/** Payload of `identity.member.updated` (role or SSO flag changed). */
export interface MemberUpdatedEvent {
  organizationId: string;
  userId: string;
  role: MemberRoleOrGuest;
}
/** Payload of `identity.member.removed`: grants held by this user in the organization must go. */
export interface MemberRemovedEvent {
  organizationId: string;
  userId: string;
  removedAt: string;
}

/**
 * Payload of the `identity.membership.changed` broadcast: the standing of `userId` in the
 * organization may have changed. Without `userId`: every standing in the organization.
 */
export interface MembershipChangedBroadcast {
  organizationId: string;
  userId?: string;
}

export interface MembersRpc {
  [IdentitySubjects.membershipGet]: { input: MembershipGetInput; result: MembershipGetResult };
  [IdentitySubjects.membershipsAmong]: { input: MembershipsAmongInput; result: MembershipsAmongResult };
  [IdentitySubjects.memberList]: { input: MemberListInput; result: List<Member> };
  [IdentitySubjects.memberGet]: { input: MemberInput; result: Member };
  [IdentitySubjects.memberUpdate]: { input: MemberUpdateInput; result: Member };
  [IdentitySubjects.memberRemove]: { input: MemberInput; result: NoResult };
  [IdentitySubjects.memberSetSso]: { input: MemberInput; result: Member };
  [IdentitySubjects.memberPing]: { input: OrgScopedInput; result: PingResult };
  [IdentitySubjects.memberSpaces]: { input: MemberSpacesInput; result: List<MemberSpace> };
}
