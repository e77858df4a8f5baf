import { type RequestContext, SitesSubjects } from '@bindery/contracts';
import { badRequest, unavailable } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable, Optional } from '@nestjs/common';

/**
 * Sites own docs sites: before an organization's `defaultContent` names a site, identity asks the
 * sites service whether that organization owns it. The operator CLI has no NATS (no ServiceClient):
 * there, naming a site is refused rather than stored unchecked.
 */
@Injectable()
export class SiteDirectory {
  constructor(@Optional() private readonly services?: ServiceClient) {}

  async requireSite(ctx: RequestContext, organizationId: string, siteId: string): Promise<void> {
    if (!this.services) throw unavailable('defaultContent: sites cannot be checked here');
    const { exists } = await this.services.send(SitesSubjects.siteExists, ctx, { organizationId, siteId });
    if (!exists) throw badRequest(`defaultContent.site: no site ${siteId} in this organization`);
  }
}
