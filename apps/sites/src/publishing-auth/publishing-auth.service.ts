import {
  type RequestContext,
  SiteEvents,
  type SitePublishingAuth,
  type SitePublishingAuthUpdateInput,
  type SiteRef,
} from '@bindery/contracts';
import { addToOutbox, forbidden, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SiteLoader } from '../sites/site-loader';
import { SitesRepository } from '../sites/sites.repository';
import { updateChanges } from './auth-update';
import { type PublishingAuthChanges, PublishingAuthRepository, type PublishingAuthRow } from './publishing-auth.repository';
import { SigningKeys } from './signing-keys';

/**
 * A site's publishing auth (getSitePublishingAuthById, updateSitePublishingAuthById,
 * regenerateSitePublishingAuthById). Organization admins only: the answer holds the key that
 * signs visitor tokens. Every change marks the site changed (the published cache reloads the key)
 * and records `sites.site.updated` (the reader drops its answers, so a regenerated key shuts out
 * visitors holding tokens of the old one at once).
 */
@Injectable()
export class PublishingAuthService {
  constructor(
    private readonly db: DataSource,
    private readonly loader: SiteLoader,
    private readonly sites: SitesRepository,
    private readonly auth: PublishingAuthRepository,
    private readonly keys: SigningKeys,
  ) {}

  async get(ctx: RequestContext, input: SiteRef): Promise<SitePublishingAuth> {
    await this.requireAdmin(ctx, input.organizationId);
    const existing = await this.auth.find(input.siteId);
    if (existing && (await this.sites.exists(input.organizationId, input.siteId))) return this.wire(existing);
    // First read: the key is made (and the site's row checked) in one transaction.
    return this.change(input);
  }

  async update(ctx: RequestContext, input: SitePublishingAuthUpdateInput): Promise<SitePublishingAuth> {
    const changes = updateChanges(input);
    await this.requireAdmin(ctx, input.organizationId);
    return this.change(input, changes);
  }

  async regenerate(ctx: RequestContext, input: SiteRef): Promise<SitePublishingAuth> {
    await this.requireAdmin(ctx, input.organizationId);
    return this.change(input, { sealed_key: this.keys.generate() });
  }

  /** Identity is asked before any transaction (no remote call while a row is locked). */
  private async requireAdmin(ctx: RequestContext, organizationId: string): Promise<void> {
    const { standing } = await this.loader.standing(ctx, organizationId, false);
    if (!standing.isAdmin) throw forbidden("A site's publishing auth is managed by admins of its organization");
  }

  /** Locks the site (404 when it is not the organization's), makes its row if needed, applies `changes`. */
  private async change(input: SiteRef, changes?: PublishingAuthChanges): Promise<SitePublishingAuth> {
    const row = await this.db.transaction(async (manager) => {
      const site = await this.sites.lock(manager, input.organizationId, input.siteId);
      if (!site) throw notFound(`Site ${input.siteId} not found`);
      const created = await this.auth.ensure(manager, site.id, this.keys.generate());
      // A key made by a first read is news too: the published cache must load it.
      if (!changes && !created) return this.auth.find(site.id, manager);
      if (changes) await this.auth.update(manager, site.id, changes);
      await this.sites.touch(manager, [site.id]);
      await addToOutbox(manager, SiteEvents.siteUpdated, { ...input, at: new Date().toISOString() });
      return this.auth.find(site.id, manager);
    });
    return this.wire(row!);
  }

  private wire(row: PublishingAuthRow): SitePublishingAuth {
    return {
      object: 'publishing-auth',
      backend: row.backend,
      privateKey: this.keys.open(row.sealed_key),
      ...(row.fallback_url ? { fallbackURL: row.fallback_url } : {}),
      ...(row.logout_url ? { logoutURL: row.logout_url } : {}),
    };
  }
}
