import { type RequestContext, SiteEvents } from '@bindery/contracts';
import { addToOutbox, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type CallerSite, SiteLoader } from '../sites/site-loader';
import { sitePublishedUrl } from '../sites/site-wire';
import { SitesRepository } from '../sites/sites.repository';
import { StructureRepository } from './structure.repository';
import { SiteTree } from './tree';

/** What a structure change works with: the locked site, its tree, and the transaction. */
export interface StructureChange extends CallerSite {
  tree: SiteTree;
  manager: EntityManager;
}

/**
 * Every change of a site's structure runs here: one transaction that locks the site row (one
 * writer per site, so position keys and path checks see a settled structure), loads the tree,
 * applies the change, marks the site changed and records `sites.site.structure-changed`.
 */
@Injectable()
export class SiteWriter {
  constructor(
    private readonly db: DataSource,
    private readonly loader: SiteLoader,
    private readonly sites: SitesRepository,
    private readonly structure: StructureRepository,
  ) {}

  async change<T>(ctx: RequestContext, organizationId: string, siteId: string, apply: (change: StructureChange) => Promise<T>): Promise<T> {
    // Identity is asked before the transaction (no remote call while holding the lock).
    const { standing, urlBase } = await this.loader.standing(ctx, organizationId, true);
    return this.db.transaction(async (manager) => {
      const site = await this.sites.lock(manager, organizationId, siteId);
      if (!site) throw notFoundSite(siteId);
      const tree = new SiteTree(site, await this.structure.load(siteId, manager));
      const result = await apply({ site, standing, urlBase, tree, manager });
      await this.sites.touch(manager, [siteId]);
      await addToOutbox(manager, SiteEvents.siteStructureChanged, { siteId, organizationId, at: new Date().toISOString() });
      return result;
    });
  }

  /** The site's tree as it is now (after a change committed), for the answer. */
  async read(site: CallerSite, shareKey?: string): Promise<SiteTree> {
    const fresh = (await this.sites.find(site.site.organization_id, site.site.id)) ?? site.site;
    return new SiteTree(fresh, await this.structure.load(fresh.id), sitePublishedUrl(fresh, site.urlBase, shareKey));
  }

  /** A read-only view for a member. */
  async view(
    ctx: RequestContext,
    organizationId: string,
    siteId: string,
    shareKey?: string,
  ): Promise<{ caller: CallerSite; tree: SiteTree }> {
    const caller = await this.loader.load(ctx, organizationId, siteId, false);
    return { caller, tree: await this.read(caller, shareKey) };
  }
}

const notFoundSite = (siteId: string) => notFound(`Site ${siteId} not found`);
