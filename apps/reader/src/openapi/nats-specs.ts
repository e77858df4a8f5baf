// Specs over NATS (`sites.openapi.for-site`, callerless). A spec is held per organization and slug
// and re-checked at most every `revalidateMs` with the hash held (only the hash crosses NATS when
// nothing changed); a spec that is missing or not processed yet is remembered as absent as long.
import { type OpenApiForSiteResult, type RequestContext, SitesSubjects } from '@bindery/contracts';
import { AppError, type ServiceClient } from '@bindery/platform';
import { LRUCache } from 'lru-cache';
import type { LoadedSpec, OpenApiDoc, SpecSource } from './spec-source';

interface Held {
  spec: LoadedSpec | null;
  checkedAt: number;
}

export class NatsSpecSource implements SpecSource {
  private readonly held = new LRUCache<string, Held>({ max: 500 });
  private readonly inFlight = new Map<string, Promise<LoadedSpec | null>>();

  constructor(
    private readonly client: ServiceClient,
    private readonly context: () => RequestContext,
    private readonly revalidateMs: number,
  ) {}

  spec(organizationId: string, slug: string): Promise<LoadedSpec | null> {
    const key = `${organizationId}/${slug}`;
    const held = this.held.get(key);
    if (held && Date.now() - held.checkedAt < this.revalidateMs) return Promise.resolve(held.spec);
    let pending = this.inFlight.get(key);
    if (!pending) {
      pending = this.fetch(key, organizationId, slug, held?.spec ?? null).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending;
  }

  private async fetch(key: string, organizationId: string, specSlug: string, known: LoadedSpec | null): Promise<LoadedSpec | null> {
    let spec: LoadedSpec | null = null;
    try {
      const result: OpenApiForSiteResult = await this.client.send(SitesSubjects.openApiForSite, this.context(), {
        organizationId,
        specSlug,
        ...(known ? { knownHash: known.hash } : {}),
      });
      spec = result.json === undefined && known?.hash === result.hash ? known : { hash: result.hash, doc: parse(result.json) };
    } catch (error) {
      // An unknown or unprocessed spec renders as "not available"; anything else is the service's trouble.
      if (!(error instanceof AppError) || error.code >= 500) throw error;
    }
    this.held.set(key, { spec, checkedAt: Date.now() });
    return spec;
  }
}

function parse(json: string | undefined): OpenApiDoc {
  const doc = JSON.parse(json ?? '{}') as unknown;
  return doc !== null && typeof doc === 'object' && !Array.isArray(doc) ? (doc as OpenApiDoc) : {};
}
