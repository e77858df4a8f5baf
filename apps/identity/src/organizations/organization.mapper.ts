import type { MemberRole, Organization } from '@bindery/contracts';
import { organizationPermissions } from '../permissions/organization-permissions';
import type { OrganizationEntity } from './organization.entity';

/** Wire shape of an organization as seen by a caller holding `role` in it. */
export function toOrganization(
  org: OrganizationEntity,
  role: MemberRole | null | undefined,
  baseUrl: string,
  ownsTeam = false,
): Organization {
  const out: Organization = {
    object: 'organization',
    id: org.id,
    title: org.title,
    createdAt: org.createdAt.toISOString(),
    emailDomains: org.emailDomains,
    type: org.type,
    defaultRole: org.defaultRole,
    sso: org.sso,
    ai: org.ai,
    inviteLinks: org.inviteLinks,
    plan: org.plan,
    mergeRules: org.mergeRules,
    urls: { location: `${baseUrl}/v1/orgs/${org.id}`, app: `${baseUrl}/o/${org.id}` },
    trial: { status: 'notapplicable', count: 0 },
    permissions: organizationPermissions({ role, ownsTeam }),
  };
  if (org.hostname) out.hostname = org.hostname;
  if (org.useCase) out.useCase = org.useCase;
  if (org.communityType) out.communityType = org.communityType;
  if (org.defaultContent) out.defaultContent = org.defaultContent;
  if (org.logo) out.urls.logo = org.logo;
  return out;
}
