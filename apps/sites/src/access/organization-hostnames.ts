import { IdentitySubjects, type RequestContext } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import { OrganizationsRepository } from './organizations.repository';

/**
 * An organization's hostname, where its sites' published URLs start. Identity owns it; each
 * member request asks (after `OrganizationAccessClient` let the caller in) and remembers it here
 * for the published URLs of anonymous lookups, which have no caller to ask with.
 */
@Injectable()
export class OrganizationHostnames {
  constructor(
    private readonly services: ServiceClient,
    private readonly organizations: OrganizationsRepository,
  ) {}

  async current(ctx: RequestContext, organizationId: string): Promise<string | null> {
    const organization = await this.services.send(IdentitySubjects.orgGet, ctx, { organizationId });
    const hostname = organization.customHostname ?? organization.hostname ?? null;
    await this.organizations.remember(organizationId, hostname);
    return hostname;
  }
}
