import type { RequestContext } from '@bindery/contracts';
import { notFound, OrganizationAccessClient } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrganizationHostnames } from '../access/organization-hostnames';
import { SitesEnv } from '../config/sites.env';
import type { SiteRow } from '../structure/rows';
import type { UrlBase } from './site-wire';
import { SitesRepository } from './sites.repository';

/** What the caller may do with the sites of an organization (`OrganizationAccessClient`'s rule). */
export interface SiteStanding {
  /** `sites.write`: create, change, publish and delete sites and their structure. */
  canWrite: boolean;
  /** `sites.shareKeys`: see a share-link site's key, alone or in `urls.published`. */
  seesShareKeys: boolean;
  /** `sites.admin`: publishing auth. */
  isAdmin: boolean;
}

/** A site as a caller sees it: the row, what the caller may do, and where its URLs start. */
export interface CallerSite {
  site: SiteRow;
  standing: SiteStanding;
  urlBase: UrlBase;
}

/**
 * Finds a caller's sites: a member with a role (`sites.read`; strangers, guests and unknown
 * organizations get the same 404), and a site of that organization (else 404).
 */
@Injectable()
export class SiteLoader {
  constructor(
    private readonly access: OrganizationAccessClient,
    private readonly hostnames: OrganizationHostnames,
    private readonly sites: SitesRepository,
    private readonly env: SitesEnv,
  ) {}

  urlBase(ctx: RequestContext, organizationHostname: string | null): UrlBase {
    return { organizationHostname, publicBaseUrl: this.publicBaseUrl(ctx) };
  }

  publicBaseUrl(ctx: RequestContext): string {
    return (this.env.SITES_PUBLIC_BASE_URL || `${ctx.baseUrl}/sites`).replace(/\/+$/, '');
  }

  /** The caller's standing (404/403 from the access rule first: nothing else is asked before it). */
  async standing(ctx: RequestContext, organizationId: string, write: boolean): Promise<{ standing: SiteStanding; urlBase: UrlBase }> {
    const grant = await this.access.require(ctx, organizationId, write ? 'sites.write' : 'sites.read');
    const standing = { canWrite: grant.can('sites.write'), seesShareKeys: grant.can('sites.shareKeys'), isAdmin: grant.can('sites.admin') };
    return { standing, urlBase: this.urlBase(ctx, await this.hostnames.current(ctx, organizationId)) };
  }

  /** Loads the site (locked for update when `manager` is given, for writes). */
  async load(ctx: RequestContext, organizationId: string, siteId: string, write: boolean, manager?: EntityManager): Promise<CallerSite> {
    const { standing, urlBase } = await this.standing(ctx, organizationId, write);
    const site = manager ? await this.sites.lock(manager, organizationId, siteId) : await this.sites.find(organizationId, siteId);
    if (!site) throw notFound(`Site ${siteId} not found`);
    return { site, standing, urlBase };
  }
}
