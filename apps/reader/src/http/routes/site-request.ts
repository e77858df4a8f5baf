import type { VisitorContext } from '../../access/conditions';
import type { PublishedSite } from '../../sites/site-directory';
import type { VisibleStructure } from '../../sites/site-view';

/** A request inside a found site, as the rooms read it. */
export interface SiteRequest {
  site: PublishedSite;
  structure: VisibleStructure;
  /** Path prefix of the site on this host (`/docs`, `/{org}/docs`, or ''). */
  prefix: string;
  /** Decoded segments after the prefix. */
  rest: string[];
  visitor: VisitorContext;
  /** `http(s)://host` of this request (never part of a cache key, see ORIGIN_MARK). */
  origin: string;
  query: Record<string, string>;
  /** A POSTed form (the feedback form), one value per name. */
  form?: Record<string, string>;
  /** The client's address as Fastify resolved it (the proxy's client behind a trusted proxy). */
  ip: string;
  ifNoneMatch?: string;
  accept?: string;
  acceptEncoding?: string;
}
