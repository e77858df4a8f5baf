// What the reader needs to know about published sites, independent of where it comes from (the
// sites service over NATS, or fixtures in tests and local demos). Kept small on purpose: the
// reader renders; the sites context decides what is published.
import type { ReaderCustomization } from './customization';

export type SiteVisibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth';

/** A space published in a site, as a variant of a section (or of the site when it has no sections). */
export interface ReaderSiteSpace {
  id: string;
  title: string;
  /** URL segment of the variant (1..100). */
  path: string;
  default: boolean;
  /** Adaptive-content expression; absent = always shown. */
  condition?: string;
  spaceId: string;
}

export interface ReaderSection {
  id: string;
  title: string;
  path: string;
  default: boolean;
  condition?: string;
  siteSpaces: ReaderSiteSpace[];
}

export interface PublishedSite {
  id: string;
  organizationId: string;
  title: string;
  /** The site's custom hostname, if any. */
  hostname?: string;
  /** The organization's default hostname (its sites live under it by basename). */
  organizationHostname?: string;
  basename: string;
  visibility: SiteVisibility;
  published: boolean;
  agentsContext: 'included' | 'excluded';
  adaptiveContent: boolean;
  /** Share keys that open a `share-link` site. */
  shareKeys?: string[];
  /** Where a visitor without a valid token is sent (`visitor-auth`); absent = 401 page. */
  visitorAuthLoginUrl?: string;
  /** The site's publishing-auth key (HS256 visitor tokens); the in-memory directory's only (sites holds it otherwise). */
  visitorAuthKey?: string;
  /** Sections in order; a site without sections has one implicit section (path ''). */
  sections: ReaderSection[];
  /** The site's customization (absent: the reader's defaults). */
  customization?: ReaderCustomization;
  /** Site spaces whose customization overrides the site's, by site-space id. */
  siteSpaceCustomizations?: Record<string, ReaderCustomization>;
  /** Bumped by the directory whenever the published structure or customization changes (part of every ETag). */
  version: string;
}

/** How a request names a site and what the visitor brings (share key, visitor token, unsigned claims). */
export interface SiteLookup {
  /** Lower-case hostname of the request (no port) when routing by host. */
  hostname?: string;
  organizationId?: string;
  basename: string;
  shareKey?: string;
  token?: string;
  unsigned: Record<string, boolean>;
}

export type LookupResult =
  /**
   * `site.sections` already holds only what this visitor may see (conditions applied); `claims` are
   * the visitor's claims as the directory applied them (verified), for the `if` blocks of pages.
   */
  | { kind: 'found'; site: PublishedSite; claims: Record<string, unknown> }
  | { kind: 'not-found' }
  /** visitor-auth without a valid token: 401, or a redirect to the site's login URL. */
  | { kind: 'unauthorized'; loginUrl?: string };

/**
 * Finds published sites and decides who may read them: the sites service over NATS, or the
 * in-memory directory (tests, bench, demo), which applies the same rules.
 */
export interface SiteDirectory {
  lookup(request: SiteLookup): Promise<LookupResult>;
}
