import { IdentitySubjects, type Organization, type RequestContext } from '@bindery/contracts';
import { forbidden } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import { OrganizationsRepository } from './organizations.repository';

/** What the caller may do with the sites of an organization, from identity's organization permissions. */
export interface SiteStanding {
  organization: Organization;
  /** `create` role or higher: create, change, publish and delete sites and their structure. */
  canWrite: boolean;
  isAdmin: boolean;
}

/**
 * Identity owns memberships: one `identity.org.get` per request answers whether the caller is a
 * member (404 otherwise, the same as an unknown organization, so another organization's ids
 * reveal nothing), its permissions, and the organization's hostname, which is remembered here
 * for the published URLs of anonymous lookups.
 */
@Injectable()
export class OrganizationAccess {
  constructor(
    private readonly services: ServiceClient,
    private readonly organizations: OrganizationsRepository,
  ) {}

  async standing(ctx: RequestContext, organizationId: string): Promise<SiteStanding> {
    const organization = await this.services.send(IdentitySubjects.orgGet, ctx, { organizationId });
    await this.organizations.remember(organizationId, organization.customHostname ?? organization.hostname ?? null);
    return { organization, canWrite: organization.permissions.createContent, isAdmin: organization.permissions.admin };
  }

  /** Like standing, and a 403 for a member who may not change sites. */
  async requireWrite(ctx: RequestContext, organizationId: string): Promise<SiteStanding> {
    const standing = await this.standing(ctx, organizationId);
    if (!standing.canWrite) throw forbidden('Changing sites needs the "create" role or higher in the organization');
    return standing;
  }
}
