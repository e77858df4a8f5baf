import { type MemberRole, type OrganizationPermissions, roleAtLeast } from '@bindery/contracts';

/** What a caller may do in an organization; `role` null = guest, undefined = not a member. */
export interface OrganizationStanding {
  role: MemberRole | null | undefined;
  /** True when the caller owns at least one team of the organization. */
  ownsTeam?: boolean;
}

/**
 * The one place that turns an organization role into permissions. Every `permissions` object of
 * an organization and every admin-only check reads from here.
 */
export function organizationPermissions({ role, ownsTeam = false }: OrganizationStanding): OrganizationPermissions {
  const member = role !== undefined;
  const admin = roleAtLeast(role, 'admin');
  const nonGuest = role != null;
  return {
    view: member,
    access: member,
    admin,
    ownTeam: ownsTeam,
    createContent: roleAtLeast(role, 'create'),
    createOpenAPISpec: roleAtLeast(role, 'create'),
    ingestConversations: admin,
    viewBilling: admin,
    listMembers: nonGuest,
    listTeams: nonGuest,
    listIntegrations: nonGuest,
    listInstallations: admin,
    installIntegration: admin,
  };
}
