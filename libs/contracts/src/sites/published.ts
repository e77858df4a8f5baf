import type { Site } from './sites';
import type { SiteSection, SiteSectionGroup, SiteSpace } from './structure';

/**
 * Who is reading a published site, for its conditions (`visitor.claims.*` in expressions).
 * `token` is a JWT signed (ES256) with the organization's visitor key (identity's
 * `identity.visitor-claims.get-key`); its payload becomes `visitor.claims`. `unsigned` are claims
 * the visitor states about itself: only those the site's adaptive schema declares under
 * `unsigned` are kept (as `visitor.claims.unsigned.*`). A bad or expired token is a 401.
 */
export interface VisitorInput {
  token?: string;
  unsigned?: Record<string, unknown>;
}

/** Wire shape of the published profile (`published-content-site`). */
export interface PublishedSite {
  object: 'published-content-site';
  site: Site;
  /** Sections (and groups of them) at the root; a site without sections lists its site spaces. */
  structure: { type: 'sections'; structure: Array<SiteSection | SiteSectionGroup> } | { type: 'siteSpaces'; structure: SiteSpace[] };
  customizations: { site: Record<string, unknown>; siteSpaces: Record<string, Record<string, unknown>> };
  scripts: Array<{ script: string; cookies: boolean }>;
}

/** GET …/sites/{siteId}/published (a member of the organization). */
export interface SitePublishedInput {
  organizationId: string;
  siteId: string;
  shareKey?: string;
  visitor?: VisitorInput;
}

/**
 * How the reader finds a site (exactly one of the three ways):
 * - `hostname` (a site's custom hostname, optionally with `basename` when several share it);
 * - `organizationId` + `basename` (served under the organization's hostname or the public base URL);
 * - `organizationId` + `siteId`.
 * `shareKey` is required for a share-link site; `visitor` drives conditions and visitor-auth.
 */
export interface PublishedLookupInput {
  hostname?: string;
  organizationId?: string;
  basename?: string;
  siteId?: string;
  shareKey?: string;
  visitor?: VisitorInput;
}

export interface PublishedSiteResult extends PublishedSite {
  /** The organization owning the site (the reader asks content for pages with it). */
  organizationId: string;
  /** The claims that were applied (after verification and the schema's filter), for cache keys. */
  visitorClaims: Record<string, unknown>;
}
