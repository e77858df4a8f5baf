import type { NoResult } from '../context';
import type { List, PageQuery } from '../pagination';
import type { MemberRole } from '../roles';
import type { MemberRoleOrGuest } from './members';
import type { IdentitySubjects } from './subjects';

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

export type OrgListInput = PageQuery;
export interface OrgGetInput {
  organizationId: string;
}
export interface OrgCreateInput {
  title: string;
  emailDomains?: string[];
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

export interface OrganizationsRpc {
  [IdentitySubjects.orgList]: { input: OrgListInput; result: List<Organization> };
  [IdentitySubjects.orgGet]: { input: OrgGetInput; result: Organization };
  [IdentitySubjects.orgCreate]: { input: OrgCreateInput; result: Organization };
  [IdentitySubjects.orgUpdate]: { input: OrgUpdateInput; result: Organization };
  [IdentitySubjects.orgJoin]: { input: OrgScopedInput; result: NoResult };
  [IdentitySubjects.orgsForEmailDomain]: { input: EmailDomainInput; result: { organizations: Organization[] } };
}
