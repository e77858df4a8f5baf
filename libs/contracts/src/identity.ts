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
} as const;

/** Events published by identity on the JetStream event stream. */
export const IdentityEvents = {
  memberAdded: 'identity.member.added',
  tokenRevoked: 'identity.token.revoked',
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
/** Result of token verification: who the bearer is, or null when the token is unknown or revoked. */
export interface TokenVerifyResult {
  caller: { userId: string; tokenId: string } | null;
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

/** Payload of `identity.member.added`. */
export interface MemberAddedEvent {
  organizationId: string;
  userId: string;
  role: MemberRole;
  addedAt: string;
}

/** Payload of `identity.token.revoked`: caches holding this token must drop it. */
export interface TokenRevokedEvent {
  tokenId: string;
}

/** Core-NATS subject on which a revocation event is also seen (stream subjects carry the `events.` prefix). */
export const EVENT_PREFIX_TOKEN_REVOKED = `events.${IdentityEvents.tokenRevoked}`;
