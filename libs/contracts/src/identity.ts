import type { MemberRole } from './roles';
import type { PageQuery } from './pagination';

/** Request/reply subjects answered by the identity service. */
export const IdentitySubjects = {
  tokenVerify: 'identity.token.verify',
  userGetCurrent: 'identity.user.get',
  orgList: 'identity.org.list',
  orgGet: 'identity.org.get',
  orgCreate: 'identity.org.create',
  membershipGet: 'identity.membership.get',
  /** Internal: which of some users are (enabled) members of an organization, with their roles. */
  membershipsAmong: 'identity.membership.among',
  orgUpdate: 'identity.org.update',
  orgJoin: 'identity.org.join',
  orgsForEmailDomain: 'identity.org.forEmailDomain',
  memberList: 'identity.member.list',
  memberGet: 'identity.member.get',
  memberUpdate: 'identity.member.update',
  memberRemove: 'identity.member.remove',
  memberSetSso: 'identity.member.setSso',
  memberPing: 'identity.member.ping',
  memberTeams: 'identity.member.teams',
  memberSpaces: 'identity.member.spaces',
  inviteEmails: 'identity.invite.emails',
  inviteLinkCreate: 'identity.inviteLink.create',
  inviteLinkList: 'identity.inviteLink.list',
  inviteLinkGet: 'identity.inviteLink.get',
  inviteLinkUpdate: 'identity.inviteLink.update',
  inviteLinkDelete: 'identity.inviteLink.delete',
  inviteLinkJoin: 'identity.inviteLink.join',
  /** The caller's pending invitations (GET /v1/user/invites, a Bindery addition). */
  inviteListMine: 'identity.invite.listMine',
  teamCreate: 'identity.team.create',
  teamList: 'identity.team.list',
  teamGet: 'identity.team.get',
  teamUpdate: 'identity.team.update',
  teamDelete: 'identity.team.delete',
  teamMemberList: 'identity.teamMember.list',
  teamMembersUpdate: 'identity.teamMember.updateMany',
  teamMemberPut: 'identity.teamMember.put',
  teamMemberRemove: 'identity.teamMember.remove',
  samlList: 'identity.saml.list',
  samlCreate: 'identity.saml.create',
  samlGet: 'identity.saml.get',
  samlUpdate: 'identity.saml.update',
  samlDelete: 'identity.saml.delete',
  ssoLogins: 'identity.sso.logins',
  ssoStart: 'identity.sso.start',
  ssoAssert: 'identity.sso.assert',
  /** Internal (no HTTP route): the public JWK that verifies an organization's visitor claims. */
  visitorClaimsKey: 'identity.visitorClaims.key',
  agentInstructionsGet: 'identity.agentInstructions.get',
  agentInstructionsPut: 'identity.agentInstructions.put',
} as const;

/** Events published by identity on the JetStream event stream. */
export const IdentityEvents = {
  memberAdded: 'identity.member.added',
  tokenRevoked: 'identity.token.revoked',
  memberUpdated: 'identity.member.updated',
  memberRemoved: 'identity.member.removed',
  teamCreated: 'identity.team.created',
  teamDeleted: 'identity.team.deleted',
  teamMembersChanged: 'identity.team.membersChanged',
} as const;

/** Wire shape of an embedded user. */
export interface User {
  object: 'user';
  id: string;
  displayName: string;
  email?: string;
  photoURL?: string;
  urls: { location: string };
}

export interface OrganizationPermissions {
  view: boolean;
  access: boolean;
  admin: boolean;
  ownTeam: boolean;
  createContent: boolean;
  createOpenAPISpec: boolean;
  ingestConversations: boolean;
  viewBilling: boolean;
  listMembers: boolean;
  listTeams: boolean;
  listIntegrations: boolean;
  listInstallations: boolean;
  installIntegration: boolean;
}

/** Wire shape of an organization (spec + fields the official document marks required). */
export interface Organization {
  object: 'organization';
  id: string;
  title: string;
  createdAt: string;
  emailDomains: string[];
  hostname?: string;
  type: string;
  useCase?: string;
  communityType?: string;
  defaultRole: MemberRole | null;
  defaultContent?: { type: 'site'; site: string };
  sso: boolean;
  ai: boolean;
  inviteLinks: boolean;
  plan: string;
  billing?: unknown;
  mergeRules: unknown;
  urls: { location: string; app: string; logo?: string };
  trial: { status: string; count: number; endDate?: string; decision?: string };
  customHostname?: string;
  blocked?: { source?: string; reason: string };
  internal_billingMigration?: unknown;
  permissions: OrganizationPermissions;
}

export interface TokenVerifyInput {
  token: string;
}
/** Result of token verification: who the bearer is, or null when the token is unknown, revoked or expired. */
export interface TokenVerifyResult {
  caller: { userId: string; tokenId: string } | null;
  /** When the token stops working (ISO 8601); absent for tokens that last until revoked. Caches must not outlive it. */
  expiresAt?: string;
}

export type OrgListInput = PageQuery;
export interface OrgGetInput {
  organizationId: string;
}
export interface OrgCreateInput {
  title: string;
  emailDomains?: string[];
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

/** Payload of `identity.member.added`. */
export interface MemberAddedEvent {
  organizationId: string;
  userId: string;
  role: MemberRoleOrGuest;
  addedAt: string;
}

/** Payload of `identity.token.revoked`: caches holding this token must drop it. */
export interface TokenRevokedEvent {
  tokenId: string;
}

/** Core-NATS subject on which a revocation event is also seen (stream subjects carry the `events.` prefix). */
export const EVENT_PREFIX_TOKEN_REVOKED = `events.${IdentityEvents.tokenRevoked}`;

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

/** `{permission, space}`: the member's effective level on one space. */
export interface MemberSpace {
  permission: MemberRole;
  space: unknown;
}

/** Wire shape of an organization invite link (official InviteLinkToOrganization). */
export interface InviteLink {
  object: 'invite';
  id: string;
  role: MemberRoleOrGuest;
  redundant: boolean;
  urls: { location: string; join: string };
}

export interface SamlProvider {
  object: 'saml-provider';
  id: string;
  label: string;
  ssoURL: string;
  entityID: string;
  certificate: string;
  defaultTeam?: Team;
  defaultRole: MemberRoleOrGuest;
  createdAt: string;
  status: 'active' | 'pending';
  service: { acsURL: string; startURL: string; entityID: string };
  urls: { location: string };
}

export interface SsoLoginInfo {
  id: string;
  label: string;
  startURL: string;
}

export interface AgentInstructions {
  object: 'agent-instructions';
  instructions: Record<string, unknown>;
  updatedAt: string;
  updatedBy: string;
  urls: { location: string };
}

/** Organization fields a PATCH may change; absent = unchanged, null = cleared (where allowed). */
export interface OrgUpdateInput {
  organizationId: string;
  title?: string;
  emailDomains?: string[];
  hostname?: string;
  defaultRole?: MemberRoleOrGuest;
  defaultContent?: { type: 'site'; site: string } | null;
  logo?: string | null;
  sso?: boolean;
  ai?: boolean;
  inviteLinks?: boolean;
  mergeRules?: { type: 'none' } | { type: 'rules'; rules: Array<{ rule: string; users?: string[] }> };
}
export interface OrgScopedInput {
  organizationId: string;
}
export interface EmailDomainInput {
  emailDomain: string;
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
export interface MemberTeamsInput extends MemberInput, PageQuery {
  title?: string;
}
export interface MemberSpacesInput extends MemberInput, PageQuery {
  order?: 'asc' | 'desc';
}
export interface PingResult {
  serviceVisitorClaims: string;
  gitbookVisitorClaims: string;
}

export interface InviteEmailsInput {
  organizationId: string;
  emails: Array<string | { email: string; role: MemberRoleOrGuest }>;
  role?: MemberRoleOrGuest;
  sso?: boolean;
}
export interface InviteEmailsResult {
  /** Accounts the invite created and added; existing accounts are invited instead and never named. */
  users: string[];
  /** Users added plus users invited to accept. */
  invited: number;
  /** Emails of existing accounts invited with `sso`: they join as plain members (only their owner links SSO). */
  failedSSOEmails?: string[];
}
/** An invitation to an organization waiting for the invited user (`POST urls.join` accepts it). */
export interface PendingInvite {
  object: 'pending-invite';
  id: string;
  role: MemberRoleOrGuest;
  organization: { id: string; title: string };
  createdAt: string;
  urls: { join: string };
}
export interface InviteLinkCreateInput {
  organizationId: string;
  role: MemberRoleOrGuest;
}
export interface InviteLinkInput {
  organizationId: string;
  inviteId: string;
}
export interface InviteLinkUpdateInput extends InviteLinkInput {
  role: MemberRoleOrGuest;
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

export interface SamlFields {
  label?: string;
  entityID?: string;
  certificate?: string;
  ssoURL?: string;
  /** Team id; null clears it. */
  defaultTeam?: string | null;
  defaultRole?: MemberRoleOrGuest;
}
export interface SamlCreateInput extends SamlFields {
  organizationId: string;
  label: string;
}
export interface SamlInput {
  organizationId: string;
  samlProviderId: string;
}
export interface SamlUpdateInput extends SamlInput, SamlFields {}
export interface SamlListInput extends PageQuery {
  organizationId: string;
}
/** Public start of a SAML login: where to send the browser. */
export interface SsoStartResult {
  redirectURL: string;
}
/** The IdP's POST to the assertion consumer service. */
export interface SsoAssertInput extends SamlInput {
  samlResponse: string;
}
export interface SsoAssertResult {
  /** A new session token for the signed-in user (shown once; stored hashed), valid until `expiresAt`. */
  token: string;
  expiresAt: string;
  user: User;
  member: Member;
}

export interface AgentInstructionsPutInput {
  organizationId: string;
  instructions: Record<string, unknown>;
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
