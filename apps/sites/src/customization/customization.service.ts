import {
  type RequestContext,
  SiteEvents,
  type SiteCustomizationPutInput,
  type SiteCustomizationSettings,
  type SiteRef,
  type SiteSpaceCustomizationDeleted,
  type SiteSpaceCustomizationPatchInput,
  type SiteSpaceRef,
} from '@bindery/contracts';
import { addToOutbox, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DEFAULT_CUSTOMIZATIONS } from '../published/customizations';
import { SiteLoader } from '../sites/site-loader';
import { SitesRepository } from '../sites/sites.repository';
import type { SiteRow, SiteSpaceRow } from '../structure/rows';
import { CustomizationRepository, type StoredCustomization } from './customization.repository';
import { checkSiteCustomization, checkSiteSpaceOverrides } from './customization-schema';
import { applyPatch, overlay } from './overrides';

/**
 * A site's customization (getSiteCustomizationById, updateSiteCustomizationById) and a site
 * space's overrides of it (get/override/deleteSiteSpaceCustomizationById). Members read; callers
 * who may write sites change. Bodies are checked against the official document before any lock.
 * Every change touches the site (the published cache reloads it) and records `sites.site.updated`
 * (the reader drops its answers), so the next page request shows it.
 */
@Injectable()
export class CustomizationService {
  constructor(
    private readonly db: DataSource,
    private readonly loader: SiteLoader,
    private readonly sites: SitesRepository,
    private readonly store: CustomizationRepository,
  ) {}

  async get(ctx: RequestContext, input: SiteRef): Promise<SiteCustomizationSettings> {
    const { site } = await this.loader.load(ctx, input.organizationId, input.siteId, false);
    return siteSettings(site);
  }

  async put(ctx: RequestContext, input: SiteCustomizationPutInput): Promise<SiteCustomizationSettings> {
    const settings = checkSiteCustomization(input.settings);
    await this.loader.standing(ctx, input.organizationId, true);
    await this.change(input, (manager, siteId) => this.store.setSite(manager, siteId, settings));
    return this.get(ctx, input);
  }

  async getSiteSpace(ctx: RequestContext, input: SiteSpaceRef): Promise<SiteCustomizationSettings> {
    const { site } = await this.loader.load(ctx, input.organizationId, input.siteId, false);
    const stored = await this.store.findSiteSpace(this.db.manager, site.id, input.siteSpaceId);
    if (!stored) throw notFound(`Site space ${input.siteSpaceId} not found`);
    return siteSpaceSettings(site, stored);
  }

  async patchSiteSpace(ctx: RequestContext, input: SiteSpaceCustomizationPatchInput): Promise<SiteCustomizationSettings> {
    const patch = checkSiteSpaceOverrides(input.overrides);
    await this.loader.standing(ctx, input.organizationId, true);
    await this.change(input, async (manager, siteId) => {
      const stored = await this.store.findSiteSpace(manager, siteId, input.siteSpaceId, true);
      if (!stored) throw notFound(`Site space ${input.siteSpaceId} not found`);
      await this.store.setSiteSpace(manager, input.siteSpaceId, applyPatch(stored.customization, patch));
    });
    return this.getSiteSpace(ctx, input);
  }

  async deleteSiteSpace(ctx: RequestContext, input: SiteSpaceRef): Promise<SiteSpaceCustomizationDeleted> {
    await this.loader.standing(ctx, input.organizationId, true);
    let removed = false;
    await this.change(input, async (manager, siteId) => {
      const stored = await this.store.findSiteSpace(manager, siteId, input.siteSpaceId, true);
      if (!stored) throw notFound(`Site space ${input.siteSpaceId} not found`);
      removed = stored.customization !== null;
      if (removed) await this.store.setSiteSpace(manager, input.siteSpaceId, null);
      return removed;
    });
    return { removed };
  }

  /** Locks the site (404 when not the organization's), applies `write`; a change is news for the reader. */
  private async change(input: SiteRef, write: (manager: EntityManager, siteId: string) => Promise<boolean | void>): Promise<void> {
    await this.db.transaction(async (manager) => {
      const site = await this.sites.lock(manager, input.organizationId, input.siteId);
      if (!site) throw notFound(`Site ${input.siteId} not found`);
      if ((await write(manager, site.id)) === false) return;
      await this.sites.touch(manager, [site.id]);
      await addToOutbox(manager, SiteEvents.siteUpdated, { ...input, at: new Date().toISOString() });
    });
  }
}

/** The site's settings: as last PUT, else the product's defaults (no `updatedAt`: never updated). */
export function siteSettings(site: Pick<SiteRow, 'customization' | 'customization_updated_at'>): SiteCustomizationSettings {
  if (!site.customization) return { ...DEFAULT_CUSTOMIZATIONS };
  return { ...site.customization, ...stamp(site.customization_updated_at) };
}

/** A site space's settings: the site's with its overrides laid over them; the later of the two stamps. */
export function siteSpaceSettings(
  site: Pick<SiteRow, 'customization' | 'customization_updated_at'>,
  siteSpace: StoredCustomization | Pick<SiteSpaceRow, 'customization' | 'customization_updated_at'>,
): SiteCustomizationSettings {
  const base = siteSettings(site);
  if (!siteSpace.customization) return base;
  const times = [site.customization_updated_at, siteSpace.customization_updated_at].filter((t): t is Date => t !== null);
  const latest = times.length > 0 ? new Date(Math.max(...times.map((t) => new Date(t).getTime()))) : null;
  return { ...overlay(base, siteSpace.customization), ...stamp(latest) };
}

const stamp = (at: Date | null): { updatedAt?: string } => (at ? { updatedAt: new Date(at).toISOString() } : {});
