import {
  type AdaptiveSchemaPutInput,
  type AdaptiveTemplateConditions,
  type List,
  type RequestContext,
  type Site,
  type SiteAdaptiveSchema,
  type SiteCreateInput,
  type SiteListInput,
  type SiteRef,
  type SiteUpdateInput,
  SiteEvents,
  type Space,
} from '@bindery/contracts';
import { addToOutbox, badRequest, callerId, conflict, newId, pagedList, randomBase62 } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EMPTY_ADAPTIVE_SCHEMA, adaptiveSchemaProblem, templateConditions } from '../adaptive/adaptive-schema';
import { positionAfterAll } from '../structure/position';
import type { SiteRow } from '../structure/rows';
import { SiteWriter } from '../structure/site-writer';
import { SpaceLookup, slugOf, uniquePath } from '../structure/space-lookup';
import { StructureRepository } from '../structure/structure.repository';
import { type CallerSite, SiteLoader } from './site-loader';
import { siteWire } from './site-wire';
import { type SiteChanges, SitesRepository, isHostnameClash } from './sites.repository';
import { OrganizationsRepository } from '../access/organizations.repository';

/** Sites: list, create, get, patch, delete, publish, and the adaptive (visitor) schema. */
@Injectable()
export class SitesService {
  constructor(
    private readonly db: DataSource,
    private readonly loader: SiteLoader,
    private readonly sites: SitesRepository,
    private readonly structure: StructureRepository,
    private readonly writer: SiteWriter,
    private readonly spaces: SpaceLookup,
    private readonly organizations: OrganizationsRepository,
  ) {}

  async list(ctx: RequestContext, input: SiteListInput): Promise<List<Site>> {
    const { standing, urlBase } = await this.loader.standing(ctx, input.organizationId, false);
    return pagedList(
      input,
      (take, after) =>
        this.sites.list(input.organizationId, { space: input.space, title: input.title, published: input.published }, take, after),
      (row) => [new Date(row.created_at).toISOString(), row.id],
      (row) => siteWire(row, ctx.baseUrl, urlBase, standing),
    );
  }

  async create(ctx: RequestContext, input: SiteCreateInput): Promise<Site> {
    const { standing, urlBase } = await this.loader.standing(ctx, input.organizationId, true);
    // Content is asked first: every space must be one of this organization's that the caller sees.
    const spaces: Space[] = [];
    for (const [i, spaceId] of (input.spaces ?? []).entries()) {
      if (!spaces.some((s) => s.id === spaceId)) spaces.push(await this.spaces.get(ctx, input.organizationId, spaceId, `spaces[${i}]`));
    }
    const siteId = newId();
    await this.db.transaction(async (manager) => {
      await this.sites.insert(manager, {
        id: siteId,
        organizationId: input.organizationId,
        type: input.type ?? 'basic',
        title: input.title ?? 'Untitled site',
        visibility: input.visibility ?? 'public',
        shareKey: randomBase62(24),
        createdBy: callerId(ctx),
      });
      const taken = new Set<string>();
      let last: string | null = null;
      for (const space of spaces) {
        const path = uniquePath(slugOf(space.title, 'space'), taken);
        taken.add(path);
        const position = positionAfterAll(last === null ? [] : [{ id: '', position: last }]);
        last = position;
        await this.structure.insertSiteSpace(manager, {
          id: newId(),
          site_id: siteId,
          section_id: null,
          space_id: space.id,
          path,
          condition: null,
          position,
          space,
          added_by: callerId(ctx),
        });
      }
      await addToOutbox(manager, SiteEvents.siteCreated, { siteId, organizationId: input.organizationId, at: new Date().toISOString() });
    });
    const row = await this.sites.find(input.organizationId, siteId);
    return siteWire(row!, ctx.baseUrl, urlBase, standing);
  }

  async get(ctx: RequestContext, input: SiteRef): Promise<Site> {
    const { site, standing, urlBase } = await this.loader.load(ctx, input.organizationId, input.siteId, false);
    return siteWire(site, ctx.baseUrl, urlBase, standing);
  }

  async update(ctx: RequestContext, input: SiteUpdateInput): Promise<Site> {
    const caller = await this.writer.change(ctx, input.organizationId, input.siteId, async ({ site, standing, urlBase, tree, manager }) => {
      const changes: SiteChanges = {
        title: input.title,
        visibility: input.visibility,
        proxy: input.proxy,
        adaptive_enabled: input.adaptiveContent?.enabled,
        agents_context: input.agentsContext,
      };
      if (input.basename !== undefined) {
        if (await this.sites.basenameTaken(manager, site.organization_id, input.basename, site.id))
          throw conflict(`basename: "${input.basename}" is already used by another site of this organization`);
        changes.basename = input.basename;
      }
      if (input.hostname !== undefined) {
        if (input.hostname !== null) await this.refuseTakenHostname(manager, input.hostname, site);
        changes.hostname = input.hostname;
      }
      if (input.defaultSiteSection !== undefined) {
        if (!tree.sections.has(input.defaultSiteSection))
          throw badRequest(`defaultSiteSection: ${input.defaultSiteSection} is not a section of this site`);
        changes.default_site_section_id = input.defaultSiteSection;
      }
      if (input.defaultSiteSpace !== undefined) {
        const siteSpace = tree.siteSpaces.get(input.defaultSiteSpace);
        if (!siteSpace) throw badRequest(`defaultSiteSpace: ${input.defaultSiteSpace} is not a site space of this site`);
        if (tree.hasSections) {
          // With sections, the default site space is that of the default section (official rule).
          const sectionId = changes.default_site_section_id ?? tree.defaultSectionId();
          if (siteSpace.section_id !== sectionId) throw badRequest('defaultSiteSpace: must be a site space of the default section');
          await this.structure.update(manager, 'site_sections', sectionId, { default_site_space_id: siteSpace.id });
        } else {
          changes.default_site_space_id = siteSpace.id;
        }
      }
      try {
        await this.sites.update(manager, site.id, changes);
      } catch (error) {
        // Two sites claimed the hostname at once: the unique index let one of them have it.
        if (isHostnameClash(error)) throw hostnameTaken(input.hostname!);
        throw error;
      }
      return { site, standing, urlBase };
    });
    return this.fresh(ctx, caller);
  }

  /**
   * A hostname belongs to one site across all organizations, and an organization's hostname to
   * that organization: the reader serves whatever site a host names, so a second claim would put
   * one tenant's pages on another's domain.
   */
  private async refuseTakenHostname(manager: EntityManager, hostname: string, site: SiteRow): Promise<void> {
    if (await this.sites.hostnameTaken(manager, hostname, site.id)) throw hostnameTaken(hostname);
    const owner = await this.organizations.byHostname(hostname);
    if (owner !== undefined && owner !== site.organization_id) throw hostnameTaken(hostname);
  }

  async delete(ctx: RequestContext, input: SiteRef): Promise<void> {
    await this.loader.standing(ctx, input.organizationId, true);
    await this.db.transaction(async (manager) => {
      if (await this.sites.delete(manager, input.organizationId, input.siteId))
        await addToOutbox(manager, SiteEvents.siteDeleted, { ...input, at: new Date().toISOString() });
    });
  }

  async setPublished(ctx: RequestContext, input: SiteRef, published: boolean): Promise<Site> {
    const caller = await this.writer.change(ctx, input.organizationId, input.siteId, async (change) => {
      await this.sites.update(change.manager, change.site.id, { published });
      return change;
    });
    return this.fresh(ctx, caller);
  }

  /** Whether an organization owns a site (identity asks before storing `defaultContent`). */
  async exists(organizationId: string, siteId: string): Promise<boolean> {
    return this.sites.exists(organizationId, siteId);
  }

  async adaptiveSchema(ctx: RequestContext, input: SiteRef): Promise<SiteAdaptiveSchema> {
    const { site } = await this.loader.load(ctx, input.organizationId, input.siteId, false);
    return adaptiveWire(site);
  }

  async putAdaptiveSchema(ctx: RequestContext, input: AdaptiveSchemaPutInput): Promise<SiteAdaptiveSchema> {
    const problem = adaptiveSchemaProblem(input.jsonSchema);
    if (problem) throw badRequest(problem);
    await this.writer.change(ctx, input.organizationId, input.siteId, ({ site, manager }) =>
      this.sites.update(manager, site.id, { adaptive_schema: input.jsonSchema, adaptive_updated_at: new Date() }),
    );
    return this.adaptiveSchema(ctx, input);
  }

  async templateConditions(ctx: RequestContext, input: SiteRef): Promise<AdaptiveTemplateConditions> {
    const { site } = await this.loader.load(ctx, input.organizationId, input.siteId, false);
    return { items: templateConditions(site.adaptive_schema ?? EMPTY_ADAPTIVE_SCHEMA) };
  }

  private async fresh(ctx: RequestContext, caller: CallerSite, manager?: EntityManager): Promise<Site> {
    const row = (await this.sites.find(caller.site.organization_id, caller.site.id, manager)) as SiteRow;
    return siteWire(row, ctx.baseUrl, caller.urlBase, caller.standing);
  }
}

function adaptiveWire(site: SiteRow): SiteAdaptiveSchema {
  return {
    object: 'site-adaptive-schema',
    jsonSchema: site.adaptive_schema ?? EMPTY_ADAPTIVE_SCHEMA,
    updatedAt: new Date(site.adaptive_updated_at ?? site.created_at).toISOString(),
  };
}

const hostnameTaken = (hostname: string) => conflict(`hostname: ${hostname} is already used by another site`);
