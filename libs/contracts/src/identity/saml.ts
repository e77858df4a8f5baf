import type { NoResult } from '../context';
import type { List, PageQuery } from '../pagination';
import type { Member, MemberRoleOrGuest } from './members';
import type { OrgScopedInput } from './organizations';
import type { IdentitySubjects } from './subjects';
import type { Team } from './teams';
import type { User } from './users';

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

export interface SamlRpc {
  [IdentitySubjects.samlList]: { input: SamlListInput; result: List<SamlProvider> };
  [IdentitySubjects.samlCreate]: { input: SamlCreateInput; result: SamlProvider };
  [IdentitySubjects.samlGet]: { input: SamlInput; result: SamlProvider };
  [IdentitySubjects.samlUpdate]: { input: SamlUpdateInput; result: SamlProvider };
  [IdentitySubjects.samlDelete]: { input: SamlInput; result: NoResult };
  [IdentitySubjects.ssoLogins]: { input: OrgScopedInput; result: { items: SsoLoginInfo[] } };
  [IdentitySubjects.ssoStart]: { input: SamlInput; result: SsoStartResult };
  [IdentitySubjects.ssoAssert]: { input: SsoAssertInput; result: SsoAssertResult };
}
