import type {
  PublishedLookupInput,
  PublishedSite,
  PublishedSiteResult,
  RequestContext,
  SitePublishedInput,
  VisitorAuthRefusal,
  VisitorInput,
} from '@bindery/contracts';
import { AppError, badRequest, notFound, unauthorized } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { allowedUnsignedClaims } from '../adaptive/adaptive-schema';
import { type Ast, conditionHolds } from '../adaptive/condition';
import { OrganizationsRepository } from '../access/organizations.repository';
import { type SiteVisitorAuth, SiteVisitorAuthLoader } from '../publishing-auth/site-verifier';
import { SiteLoader } from '../sites/site-loader';
import { type UrlBase, sitePublishedUrl, siteWire } from '../sites/site-wire';
import { SitesRepository } from '../sites/sites.repository';
import type { SiteRow, SiteStructureRows } from '../structure/rows';
import { StructureRepository } from '../structure/structure.repository';
import { SiteTree } from '../structure/tree';
import { siteSettings, siteSpaceSettings } from '../customization/customization.service';
import { VisitorClaims } from './visitor-claims';

const CACHE_SITES = 200;

interface LoadedSite {
  site: SiteRow;
  rows: SiteStructureRows;
  /** The site's publishing auth (its token key, its fallback URL), loaded with the rows. */
  auth: SiteVisitorAuth;
}

/**
 * The published profile of a site: the site and its section tree for one visitor. A site's rows
 * are cached per process by the site's `updated_at` (bumped by every change of the site, its
 * structure, or an embedded space), so a read costs one indexed lookup when nothing changed.
 */
@Injectable()
export class PublishedService {
  private readonly cache = new Map<string, LoadedSite & { version: number }>();
  private readonly conditions = new Map<string, Ast | null>();

  constructor(
    private readonly loader: SiteLoader,
    private readonly sites: SitesRepository,
    private readonly structure: StructureRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly visitors: VisitorClaims,
    private readonly visitorAuth: SiteVisitorAuthLoader,
  ) {}

  /** GET …/published for a member: any visibility, but only a published site. */
  async forMember(ctx: RequestContext, input: SitePublishedInput): Promise<PublishedSite> {
    const { standing, urlBase } = await this.loader.standing(ctx, input.organizationId, false);
    const loaded = await this.loadSite(input.siteId, input.organizationId);
    if (!loaded || !loaded.site.published) throw notFound(`Site ${input.siteId} is not published`);
    // The member may see the site already: a token only brings claims here.
    const claims = await this.claimsOf(ctx, loaded, input.visitor, false);
    const { result } = this.build(ctx, loaded, urlBase, input.shareKey, claims, standing);
    return result;
  }

  /** The reader's lookup (callerless): the site's visibility, share key and visitor token decide. */
  async lookup(ctx: RequestContext, input: PublishedLookupInput): Promise<PublishedSiteResult> {
    const siteId = await this.resolve(input);
    const loaded = siteId ? await this.loadSite(siteId) : undefined;
    if (!loaded || !loaded.site.published) throw notFound('No published site matches');
    const site = loaded.site;
    if (site.visibility === 'share-link' && input.shareKey !== site.share_key) throw notFound('No published site matches');
    if (site.visibility === 'visitor-auth' && !input.visitor?.token) throw refusal(loaded, unauthorized('This site needs a visitor token'));
    let claims: Record<string, unknown>;
    try {
      claims = await this.claimsOf(ctx, loaded, input.visitor, site.visibility === 'visitor-auth');
    } catch (error) {
      throw refusal(loaded, error);
    }
    const hostname = await this.organizations.hostnameOf(site.organization_id);
    const urlBase: UrlBase = { organizationHostname: hostname, publicBaseUrl: this.loader.publicBaseUrl(ctx) };
    const { result } = this.build(ctx, loaded, urlBase, input.shareKey, claims, { canWrite: false, isAdmin: false });
    return { ...result, organizationId: site.organization_id, visitorClaims: claims };
  }

  private async resolve(input: PublishedLookupInput): Promise<string | undefined> {
    if (input.hostname) {
      const byHost = await this.sites.idByHostname(input.hostname, input.basename);
      if (byHost) return byHost;
      const organizationId = await this.organizations.byHostname(input.hostname);
      return organizationId && input.basename ? this.sites.idByBasename(organizationId, input.basename) : undefined;
    }
    if (!input.organizationId) throw badRequest('hostname or organizationId is required');
    if (input.siteId) return (await this.sites.exists(input.organizationId, input.siteId)) ? input.siteId : undefined;
    if (input.basename) return this.sites.idByBasename(input.organizationId, input.basename);
    throw badRequest('basename or siteId is required with organizationId');
  }

  /** The site's rows, from the cache when the site has not changed since. */
  private async loadSite(siteId: string, organizationId?: string): Promise<LoadedSite | undefined> {
    const version = await this.sites.version(siteId);
    if (!version || (organizationId !== undefined && version.organization_id !== organizationId)) return undefined;
    const stamp = new Date(version.updated_at).getTime();
    const cached = this.cache.get(siteId);
    if (cached && cached.version === stamp) return cached;
    const site = await this.sites.find(version.organization_id, siteId);
    if (!site) return undefined;
    const rows = await this.structure.load(siteId);
    const entry = { version: new Date(site.updated_at).getTime(), site, rows, auth: await this.visitorAuth.load(siteId) };
    this.cache.delete(siteId);
    this.cache.set(siteId, entry);
    if (this.cache.size > CACHE_SITES) this.cache.delete(this.cache.keys().next().value!);
    return entry;
  }

  /**
   * The visitor's claims: the verified token's payload, plus the unsigned claims the schema declares.
   * `access`: the token is what opens the site (visitor-auth), so it must be one made for this site.
   */
  private async claimsOf(
    ctx: RequestContext,
    { site, auth }: LoadedSite,
    visitor: VisitorInput | undefined,
    access: boolean,
  ): Promise<Record<string, unknown>> {
    const signed = visitor?.token
      ? await this.visitors.verify(ctx, site.organization_id, visitor.token, { id: site.id, key: auth.key, access })
      : {};
    const unsigned = allowedUnsignedClaims(site.adaptive_schema, visitor?.unsigned);
    return { ...signed, unsigned };
  }

  private build(
    ctx: RequestContext,
    loaded: LoadedSite,
    urlBase: UrlBase,
    shareKey: string | undefined,
    claims: Record<string, unknown>,
    standing: { canWrite: boolean; isAdmin: boolean },
  ): { result: PublishedSite } {
    const { site, rows } = loaded;
    // Conditions apply when the site has adaptive content on (as in the official product).
    const adaptive = site.adaptive_enabled;
    const visitor = { claims };
    const visible = (condition: string | null): boolean => !adaptive || !condition || conditionHolds(condition, visitor, this.conditions);
    if (this.conditions.size > 10_000) this.conditions.clear();
    const tree = new SiteTree(site, rows, sitePublishedUrl(site, urlBase, shareKey), visible);
    tree.filtering = adaptive;
    return {
      result: {
        object: 'published-content-site',
        site: siteWire(site, ctx.baseUrl, urlBase, standing),
        structure: tree.structureWire(),
        // Site spaces without overrides use the site's settings (absent from the map).
        customizations: {
          site: siteSettings(site),
          siteSpaces: Object.fromEntries(
            rows.siteSpaces.filter((row) => row.customization).map((row) => [row.id, siteSpaceSettings(site, row)]),
          ),
        },
        scripts: [],
      },
    };
  }
}

/**
 * A visitor-auth site's 401 carries its fallback URL (`details`, VisitorAuthRefusal) so the reader
 * redirects there instead of answering 401; other sites' errors pass unchanged.
 */
function refusal({ site, auth }: LoadedSite, error: unknown): unknown {
  if (!(error instanceof AppError) || error.code !== 401 || site.visibility !== 'visitor-auth' || !auth.fallbackURL) return error;
  const details: VisitorAuthRefusal = { fallbackURL: auth.fallbackURL };
  return new AppError(401, error.message, details);
}
