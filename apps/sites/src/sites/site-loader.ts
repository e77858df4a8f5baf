import type { RequestContext } from '@bindery/contracts';
import { notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrganizationAccess, type SiteStanding } from '../access/organization-access';
import { SitesEnv } from '../config/sites.env';
import type { SiteRow } from '../structure/rows';
import type { UrlBase } from './site-wire';
import { SitesRepository } from './sites.repository';

/** A site as a caller sees it: the row, what the caller may do, and where its URLs start. */
export interface CallerSite {
  site: SiteRow;
  standing: SiteStanding;
  urlBase: UrlBase;
}

/** Finds a caller's site: a member of the organization (else 404), and a site of that organization (else 404). */
@Injectable()
export class SiteLoader {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly sites: SitesRepository,
    private readonly env: SitesEnv,
  ) {}

  urlBase(ctx: RequestContext, organizationHostname: string | null): UrlBase {
    return { organizationHostname, publicBaseUrl: this.publicBaseUrl(ctx) };
  }

  publicBaseUrl(ctx: RequestContext): string {
    return (this.env.SITES_PUBLIC_BASE_URL || `${ctx.baseUrl}/sites`).replace(/\/+$/, '');
  }

  async standing(ctx: RequestContext, organizationId: string, write: boolean): Promise<{ standing: SiteStanding; urlBase: UrlBase }> {
    const standing = write ? await this.access.requireWrite(ctx, organizationId) : await this.access.standing(ctx, organizationId);
    const organization = standing.organization;
    return { standing, urlBase: this.urlBase(ctx, organization.customHostname ?? organization.hostname ?? null) };
  }

  /** Loads the site (locked for update when `manager` is given, for writes). */
  async load(ctx: RequestContext, organizationId: string, siteId: string, write: boolean, manager?: EntityManager): Promise<CallerSite> {
    const { standing, urlBase } = await this.standing(ctx, organizationId, write);
    const site = manager ? await this.sites.lock(manager, organizationId, siteId) : await this.sites.find(organizationId, siteId);
    if (!site) throw notFound(`Site ${siteId} not found`);
    return { site, standing, urlBase };
  }
}
