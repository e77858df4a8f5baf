// Published sites over NATS (`sites.published.lookup`, callerless): the sites service finds the
// site, checks its visibility against the share key or visitor token, applies the conditions of
// sections and site spaces, and answers the structure this visitor sees (or a 401 naming the site's
// fallback URL, where the visitor is redirected). Answers are kept per exact
// question until a sites event says a site changed (`invalidate`), and at most `ttlMs`.
import { createHash } from 'node:crypto';
import {
  type PublishedLookupInput,
  type PublishedSiteResult,
  type RequestContext,
  type SiteSection,
  type SiteSectionGroup,
  type SiteSpace,
  SitesSubjects,
  type VisitorAuthRefusal,
} from '@bindery/contracts';
import { AppError, type ServiceClient } from '@bindery/platform';
import { LRUCache } from 'lru-cache';
import { readCustomization } from './customization';
import type { LookupResult, PublishedSite, ReaderSection, ReaderSiteSpace, SiteDirectory, SiteLookup } from './site-directory';

export class NatsSiteDirectory implements SiteDirectory {
  private readonly answers: LRUCache<string, LookupResult>;

  constructor(
    private readonly client: ServiceClient,
    private readonly context: () => RequestContext,
    ttlMs: number,
  ) {
    this.answers = new LRUCache({ max: 10_000, ttl: Math.max(ttlMs, 1) });
  }

  async lookup(request: SiteLookup): Promise<LookupResult> {
    const input: PublishedLookupInput = {
      ...(request.hostname !== undefined ? { hostname: request.hostname } : { organizationId: request.organizationId }),
      ...(request.basename ? { basename: request.basename } : {}),
      ...(request.shareKey ? { shareKey: request.shareKey } : {}),
      visitor: { ...(request.token ? { token: request.token } : {}), unsigned: request.unsigned },
    };
    const key = JSON.stringify(input);
    const known = this.answers.get(key);
    if (known) return known;
    let answer: LookupResult;
    try {
      const result = await this.client.send(SitesSubjects.publishedLookup, this.context(), input);
      answer = { kind: 'found', site: toPublishedSite(result), claims: result.visitorClaims ?? {} };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (error.code === 404 || error.code === 400) answer = { kind: 'not-found' };
      else if (error.code === 401 || error.code === 403) answer = { kind: 'unauthorized', ...fallbackOf(error.details) };
      else throw error;
    }
    this.answers.set(key, answer);
    return answer;
  }

  /** A site changed (an event): every answer is asked again (site changes are rare). */
  invalidate(): void {
    this.answers.clear();
  }
}

/** The fallback URL a visitor-auth site's 401 names (VisitorAuthRefusal), if it is an http(s) URL. */
function fallbackOf(details: unknown): { loginUrl?: string } {
  const url = (details as VisitorAuthRefusal | undefined)?.fallbackURL;
  if (typeof url !== 'string' || !/^https?:\/\//i.test(url)) return {};
  try {
    return { loginUrl: new URL(url).toString() };
  } catch {
    return {};
  }
}

function toPublishedSite(result: PublishedSiteResult): PublishedSite {
  const { site, structure } = result;
  const sections: ReaderSection[] =
    structure.type === 'siteSpaces'
      ? [
          {
            id: 'root',
            title: site.title,
            path: '',
            default: true,
            siteSpaces: structure.structure.filter((s) => !s.draft).map(toSiteSpace),
          },
        ]
      : flatten(structure.structure).map((section) => ({
          id: section.id,
          title: section.title,
          path: section.path,
          default: section.default,
          siteSpaces: section.siteSpaces.filter((s) => !s.draft).map(toSiteSpace),
        }));
  return {
    id: site.id,
    organizationId: result.organizationId,
    title: site.title,
    hostname: site.hostname,
    basename: site.basename ?? '',
    visibility: site.visibility,
    published: site.published,
    agentsContext: site.agentsContext,
    adaptiveContent: site.adaptiveContent.enabled,
    sections,
    customization: readCustomization(result.customizations?.site),
    siteSpaceCustomizations: Object.fromEntries(
      Object.entries(result.customizations?.siteSpaces ?? {}).map(([id, settings]) => [id, readCustomization(settings)]),
    ),
    // What the pages depend on, so a structure or customization change is a new ETag.
    version: createHash('sha1')
      .update(JSON.stringify([site.title, site.visibility, site.agentsContext, sections, result.customizations ?? null]))
      .digest('base64url')
      .slice(0, 16),
  };
}

function flatten(items: Array<SiteSection | SiteSectionGroup>): SiteSection[] {
  return items.flatMap((item) =>
    item.object === 'site-section-group' ? (item.draft ? [] : flatten(item.children)) : item.draft ? [] : [item],
  );
}

function toSiteSpace(siteSpace: SiteSpace): ReaderSiteSpace {
  return { id: siteSpace.id, title: siteSpace.title, path: siteSpace.path, default: siteSpace.default, spaceId: siteSpace.space.id };
}
