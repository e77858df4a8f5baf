import { type RequestContext, SitesSubjects } from '@bindery/contracts';
import { isAppError, newId } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { enqueueSearchIndexForSpec } from '../store/search-index-queue';
import { SpacesRepository } from '../store/spaces.repository';
import { outlineOf } from './openapi-outline';
import { OpenApiOutlinesRepository, type StoredOutline } from './openapi-outlines.repository';

/**
 * The outlines computed pages generate from: the newest processed version of an organization's
 * spec, asked of sites (`sites.openapi.for-site`, never its tables) when a version is processed
 * (`OpenApiFollowConsumer`) or on the first read of a slug, and kept in content's own table. A
 * new outline queues the search indexing of the spaces that may show it (their generated pages).
 */
@Injectable()
export class OpenApiOutlines {
  constructor(
    private readonly outlines: OpenApiOutlinesRepository,
    private readonly services: ServiceClient,
    private readonly db: DataSource,
    private readonly spaces: SpacesRepository,
  ) {}

  /** The outlines of these slugs; a slug without a processed version is absent. */
  async forSlugs(ctx: RequestContext, organizationId: string, slugs: string[]): Promise<Map<string, StoredOutline>> {
    const unique = [...new Set(slugs)];
    if (unique.length === 0) return new Map();
    const found = await this.outlines.find(organizationId, unique);
    for (const slug of unique) {
      if (found.has(slug)) continue;
      const fetched = await this.refresh(ctx, organizationId, slug);
      if (fetched) found.set(slug, fetched);
    }
    return found;
  }

  /** Asks sites for the newest version of a spec and stores its outline; undefined when it has none. */
  async refresh(ctx: RequestContext, organizationId: string, slug: string, knownHash?: string): Promise<StoredOutline | undefined> {
    let result;
    try {
      result = await this.services.send(SitesSubjects.openApiForSite, ctx, { organizationId, specSlug: slug, knownHash });
    } catch (error) {
      // No spec of that slug, or not processed yet: the computed page has no children for now.
      if (isAppError(error, 'not_found')) return undefined;
      throw error;
    }
    if (result.json === undefined) return undefined; // already held
    const fetched = { hash: result.hash, versionAt: result.versionAt, outline: outlineOf(JSON.parse(result.json)) };
    await this.db.transaction(async (manager) => {
      // A new version: spaces whose search index shows this spec's generated pages index them again.
      if (await this.outlines.store(manager, organizationId, slug, fetched))
        await enqueueSearchIndexForSpec(manager, await this.spaces.mayShowSpec(manager, organizationId, slug), slug, fetched.hash);
    });
    return { hash: fetched.hash, outline: fetched.outline };
  }

  /** A context for calls made on an event's behalf (no caller: the subject is callerless). */
  static eventContext(): RequestContext {
    return { requestId: newId(), baseUrl: '' };
  }
}
