// One request to a published site, framework-free: find the site (host, or the path fallback),
// decide access, address section/variant/page, and answer HTML, Markdown, XML or text. Rendered
// pages are cached by everything they depend on (site version, visible structure, revision, path),
// which is also their ETag: a new revision or a structure change is a new key, never a stale page.
import { createHash, randomBytes } from 'node:crypto';
import { documentToMarkdown } from '@bindery/document';
import { LRUCache } from 'lru-cache';
import { clearTokenCookie, credentialCookies, type VisitorCredentials, visitorCredentials } from '../access/visitor-access';
import type { ContentSource, ReaderPage, ReaderFile } from '../content/content-source';
import { type PageIndex, pageIndex } from '../content/page-index';
import type { VisitorContext } from '../access/conditions';
import { hasConditions, visibleDocument } from '../render/adaptive';
import { CSS, CSS_PATH, JS, JS_PATH } from '../render/assets';
import { type LoadedSpec, MemorySpecSource, type SpecSource } from '../openapi/spec-source';
import { openapiSlugs, renderDocument } from '../render/document-html';
import { esc } from '../render/escape';
import { httpUrl, safeUrl } from '../render/safe-url';
import { pageHref, renderPage, renderStatusPage, type PageView } from '../render/layout';
import type { LookupResult, PublishedSite, SiteDirectory } from '../sites/site-directory';
import { address, structureOf, variantPrefix, type VisibleStructure } from '../sites/site-view';

type Found =
  | { kind: 'found'; site: PublishedSite; claims: Record<string, unknown>; prefix: string; rest: string[] }
  | { kind: 'not-found' }
  | { kind: 'unauthorized'; loginUrl?: string; prefix: string };

export interface ReaderRequest {
  method: string;
  host: string;
  /** Raw request target (path and query). */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  secure: boolean;
}

export interface ReaderResponse {
  status: number;
  headers: Record<string, string | string[]>;
  body: string;
}

export interface ReaderOptions {
  /** Memory for rendered pages. */
  cacheBytes: number;
  /** OpenAPI specs of API reference blocks (none: those blocks say the spec is not available). */
  specs?: SpecSource;
}

const MAX_URL_LENGTH = 4096;
const MAX_SEGMENTS = 64;
const MAX_QUERY = 200;
const HTML = 'text/html; charset=utf-8';
const LOCAL_HOST = /^(localhost|\d+\.\d+\.\d+\.\d+|\[.*\])$/;
/**
 * Stands for the request's origin in cached pages (canonical and Open Graph URLs), replaced when a
 * page is served: pages are cached per site, never per `Host` header, so a visitor cannot make the
 * reader render a page again by changing the port or the name in `Host`. Random per process, so no
 * document can spell it.
 */
const ORIGIN_MARK = `bindery-origin-${randomBytes(12).toString('hex')}`;

export class ReaderService {
  private readonly rendered: LRUCache<string, { html: string; etag: string }>;
  private readonly specs: SpecSource;
  /** Spec slugs each page's API reference blocks use (pages never change: a revision is immutable). */
  private readonly slugsOf = new WeakMap<ReaderPage, string[]>();
  /** Whether each page has `if` blocks (then its rendering depends on the visitor's claims). */
  private readonly adaptiveOf = new WeakMap<ReaderPage, boolean>();

  constructor(
    private readonly sites: SiteDirectory,
    private readonly content: ContentSource,
    options: ReaderOptions,
  ) {
    this.specs = options.specs ?? new MemorySpecSource();
    // The TTL bounds how long signed file URLs (content signs them for an hour) stay in a cached page.
    this.rendered = new LRUCache({
      maxSize: Math.max(options.cacheBytes, 1),
      sizeCalculation: (v) => v.html.length * 2 + 64,
      ttl: 10 * 60_000,
    });
  }

  async handle(request: ReaderRequest): Promise<ReaderResponse> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const refused = status(405, 'Method not allowed', 'Only GET and HEAD are served here.');
      refused.headers.allow = 'GET, HEAD';
      return refused;
    }
    if (request.url.length > MAX_URL_LENGTH) return status(414, 'Address too long', 'This address is longer than any page of a site.');
    const [rawPath, rawQuery = ''] = splitUrl(request.url);
    if (rawPath === CSS_PATH) return asset(CSS, 'text/css; charset=utf-8');
    if (rawPath === JS_PATH) return asset(JS, 'text/javascript; charset=utf-8');
    const parsed = pathSegments(rawPath);
    if (!parsed) return status(404, 'Page not found', 'There is no page at this address.');
    const query = parseQuery(rawQuery);
    // A share link as the sites service writes it (`…/{basename}/~share/{key}/…`): the key is
    // taken like `?share=` (kept in a cookie) and the segments are read without it.
    const shareAt = parsed.indexOf('~share');
    const segments = shareAt >= 0 && parsed[shareAt + 1] ? [...parsed.slice(0, shareAt), ...parsed.slice(shareAt + 2)] : parsed;
    if (shareAt >= 0 && parsed[shareAt + 1]) query.share ??= parsed[shareAt + 1];
    const credentials = visitorCredentials(query, parseCookies(header(request.headers, 'cookie')));
    const found = await this.findSite(request.host, segments, credentials);
    if (found.kind === 'not-found') return status(404, 'Site not found', 'No published site lives at this address.');
    if (found.kind === 'unauthorized') {
      const clear: Record<string, string[]> =
        credentials.token && !credentials.tokenFromQuery ? { 'set-cookie': [clearTokenCookie(found.prefix || '/', request.secure)] } : {};
      // The fallback URL is the site owner's; it is still only followed when it is http(s).
      const login = httpUrl(found.loginUrl);
      if (login) {
        login.searchParams.set('location', siteLocation(rawPath, rawQuery, found.prefix));
        return { status: 302, headers: { location: login.toString(), 'cache-control': 'no-store', ...clear }, body: '' };
      }
      const refused = status(401, 'Sign-in required', 'This site is only for signed-in visitors; the link you followed may have expired.');
      return { ...refused, headers: { ...refused.headers, ...clear } };
    }
    const { site, prefix, rest } = found;
    const response = await this.serve(request, site, prefix, rest, query, { claims: found.claims });
    const restricted = site.visibility === 'share-link' || site.visibility === 'visitor-auth';
    if (restricted) response.headers['cache-control'] = 'private, no-cache';
    const cookies = credentialCookies(credentials, prefix || '/', request.secure);
    if (cookies.length > 0 && response.status < 400) response.headers['set-cookie'] = cookies;
    return response;
  }

  private async serve(
    request: ReaderRequest,
    site: PublishedSite,
    prefix: string,
    rest: string[],
    query: Record<string, string>,
    visitor: VisitorContext,
  ): Promise<ReaderResponse> {
    const origin = `${request.secure ? 'https' : 'http'}://${request.host}`;
    const structure = structureOf(site);
    const noindex = site.visibility !== 'public';
    if (rest.length === 1 && rest[0] === 'robots.txt') return text(robots(site, origin, prefix), 'text/plain; charset=utf-8');
    if (rest.length === 1 && rest[0] === 'sitemap.xml')
      return text(await this.sitemap(site, structure, origin, prefix), 'application/xml; charset=utf-8');
    if (rest.length === 1 && rest[0] === 'llms.txt') {
      if (site.agentsContext !== 'included') return status(404, 'Not available', 'This site is not offered to agents.');
      return text(await this.llms(site, structure, origin, prefix), 'text/plain; charset=utf-8');
    }
    const addressed = address(structure, rest);
    if (!addressed) return status(404, 'Page not found', 'There is no page at this address.');
    const content = await this.content.content(site.organizationId, addressed.siteSpace.spaceId);
    const index = pageIndex(content);
    let pagePath = addressed.pagePath;
    if (pagePath === '~search')
      return this.search(site.organizationId, addressed.siteSpace.spaceId, query.q ?? '', index, prefix + addressed.variantPrefix);
    const markdown = pagePath.endsWith('.md');
    if (markdown) pagePath = pagePath.slice(0, -3);
    const page = pagePath === '' ? index.first : index.byPath.get(pagePath);
    if (!page || page.type !== 'document') {
      const moved = page || pagePath === '' ? undefined : await this.content.movedPath(site.organizationId, content, pagePath);
      if (moved !== undefined && index.byPath.has(moved)) {
        return {
          status: 301,
          headers: {
            location: `${prefix}${addressed.variantPrefix}/${moved}${markdown ? '.md' : ''}`,
            'cache-control': 'public, max-age=300',
          },
          body: '',
        };
      }
      if (page?.type === 'group') {
        const firstChild = index.order.find((p) => p.path.startsWith(`${page.path}/`));
        if (firstChild)
          return {
            status: 302,
            headers: { location: `${prefix}${addressed.variantPrefix}/${firstChild.path}`, 'cache-control': 'no-cache' },
            body: '',
          };
      }
      return status(404, 'Page not found', 'There is no page at this address.');
    }

    const specs = markdown ? new Map<string, LoadedSpec>() : await this.specsFor(site.organizationId, page);
    // A page with `if` blocks differs per visitor claims: they are part of its key (and ETag).
    const adaptive = this.isAdaptive(page);
    // Everything the page depends on, except the request's origin (see ORIGIN_MARK): it is part of
    // the ETag only.
    const key = [
      adaptive ? createHash('sha1').update(JSON.stringify(visitor.claims)).digest('base64url') : '',
      [...specs.values()].map((spec) => spec.hash).join(','),
      site.id,
      site.version,
      structure.key,
      addressed.siteSpace.id,
      content.revisionId,
      page.id,
      markdown ? 'md' : 'html',
      prefix,
      addressed.variantPrefix,
    ].join('|');
    const etag = `"${createHash('sha1').update(key).update('|').update(origin).digest('base64url')}"`;
    const cacheHeaders = { etag, 'cache-control': 'public, max-age=0, must-revalidate', vary: 'Cookie' };
    if (header(request.headers, 'if-none-match') === etag) return { status: 304, headers: cacheHeaders, body: '' };
    let cached = this.rendered.get(key);
    if (!cached) {
      const html = markdown
        ? pageMarkdown(page, visitor)
        : this.renderHtml({ site, origin: ORIGIN_MARK, prefix, structure, addressed, index, page, noindex, specs, visitor });
      cached = { html, etag };
      this.rendered.set(key, cached);
    }
    const type = markdown ? 'text/markdown; charset=utf-8' : HTML;
    const robotsHeader: Record<string, string> = noindex || page.noIndex ? { 'x-robots-tag': 'noindex' } : {};
    const body = markdown ? cached.html : cached.html.split(ORIGIN_MARK).join(esc(origin));
    return { status: 200, headers: { 'content-type': type, ...cacheHeaders, ...robotsHeader }, body };
  }

  private renderHtml(input: {
    site: PublishedSite;
    origin: string;
    prefix: string;
    structure: VisibleStructure;
    addressed: NonNullable<ReturnType<typeof address>>;
    index: PageIndex;
    page: ReaderPage;
    noindex: boolean;
    specs: Map<string, LoadedSpec>;
    visitor: VisitorContext;
  }): string {
    const { site, origin, prefix, structure, addressed, index, page, specs, visitor } = input;
    const view: Pick<PageView, 'sitePrefix' | 'variantPrefix'> = { sitePrefix: prefix, variantPrefix: addressed.variantPrefix };
    const files = new Map<string, ReaderFile>(index.content.files.map((f) => [f.id, f]));
    const body = renderDocument(
      page.document ?? { object: 'document', data: {}, nodes: [] },
      {
        page: (pageId, space) => {
          if (space && space !== index.content.spaceId) return undefined;
          const target = index.byId.get(pageId);
          return target ? { href: pageHref(view, target), title: target.title } : undefined;
        },
        file: (fileId) => files.get(fileId),
        openapi: (slug) => specs.get(slug)?.doc,
      },
      visitor,
    );
    return renderPage({
      site,
      origin,
      sitePrefix: prefix,
      variantPrefix: addressed.variantPrefix,
      sections: structure.sections.map((s) => ({
        title: s.title,
        href: `${prefix}${variantPrefix(structure, s)}` || '/',
        current: s.id === addressed.section.id,
      })),
      variants: addressed.section.siteSpaces.map((v) => ({
        siteSpace: v,
        href: `${prefix}${variantPrefix(structure, addressed.section, v)}` || '/',
        current: v.id === addressed.siteSpace.id,
      })),
      index,
      page,
      body,
      noindex: input.noindex,
    });
  }

  private isAdaptive(page: ReaderPage): boolean {
    let adaptive = this.adaptiveOf.get(page);
    if (adaptive === undefined) {
      adaptive = hasConditions(page.document);
      this.adaptiveOf.set(page, adaptive);
    }
    return adaptive;
  }

  /** The specs the page's API reference blocks use, loaded before rendering (their hashes are part of the ETag). */
  private async specsFor(organizationId: string, page: ReaderPage): Promise<Map<string, LoadedSpec>> {
    let slugs = this.slugsOf.get(page);
    if (!slugs) {
      slugs = openapiSlugs(page.document);
      this.slugsOf.set(page, slugs);
    }
    const specs = new Map<string, LoadedSpec>();
    for (const slug of slugs) {
      const spec = await this.specs.spec(organizationId, slug);
      if (spec) specs.set(slug, spec);
    }
    return specs;
  }

  private async search(organizationId: string, spaceId: string, q: string, index: PageIndex, base: string): Promise<ReaderResponse> {
    const queryText = q.trim().slice(0, MAX_QUERY);
    const hits = queryText ? await this.content.search(organizationId, spaceId, queryText) : [];
    const results = (hits ?? [])
      .filter((hit) => index.byPath.has(hit.path))
      .slice(0, 20)
      .map((hit) => ({
        title: hit.title,
        // The script puts it into a link's href: the same gate as every URL the reader writes.
        url: safeUrl(`${base}/${hit.path}${hit.anchor ? `#${encodeURIComponent(hit.anchor)}` : ''}`),
        snippet: hit.snippet.slice(0, 240),
      }));
    return {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' },
      body: JSON.stringify({ available: hits !== null, results }),
    };
  }

  /** Site by host (custom or organization hostname, then basename), or by `/{organization}/{basename}`. */
  private async findSite(host: string, segments: string[], credentials: VisitorCredentials): Promise<Found> {
    const hostname = host.toLowerCase().replace(/:\d+$/, '');
    const ask = { shareKey: credentials.shareKey, token: credentials.token, unsigned: credentials.unsigned };
    const found = (result: LookupResult, prefix: string, rest: string[]): Found =>
      result.kind === 'found'
        ? { kind: 'found', site: result.site, claims: result.claims, prefix, rest }
        : result.kind === 'unauthorized'
          ? { ...result, prefix }
          : result;
    // Host routing first (a custom hostname, or the organization's hostname, then the basename in
    // the first segment or none); a host no site claims falls back to `/{organization}/{basename}`.
    // Local addresses are never a site's host. Answers are cached by the directory.
    if (!LOCAL_HOST.test(hostname)) {
      if (segments.length > 0) {
        const result = await this.sites.lookup({ ...ask, hostname, basename: segments[0] });
        if (result.kind !== 'not-found') return found(result, `/${encodeURIComponent(segments[0])}`, segments.slice(1));
      }
      const result = await this.sites.lookup({ ...ask, hostname, basename: '' });
      if (result.kind !== 'not-found') return found(result, '', segments);
    }
    if (segments.length < 2) return { kind: 'not-found' };
    const prefix = `/${encodeURIComponent(segments[0])}/${encodeURIComponent(segments[1])}`;
    return found(await this.sites.lookup({ ...ask, organizationId: segments[0], basename: segments[1] }), prefix, segments.slice(2));
  }

  private async eachPage(
    site: PublishedSite,
    structure: VisibleStructure,
    visit: (page: ReaderPage, base: string, sectionTitle: string) => void,
  ): Promise<void> {
    for (const section of structure.sections) {
      for (const siteSpace of section.siteSpaces) {
        const index = pageIndex(await this.content.content(site.organizationId, siteSpace.spaceId));
        const base = variantPrefix(structure, section, siteSpace);
        for (const page of index.order)
          visit(page, base, siteSpace.title === section.title ? section.title : `${section.title} · ${siteSpace.title}`);
      }
    }
  }

  private async sitemap(site: PublishedSite, structure: VisibleStructure, origin: string, prefix: string): Promise<string> {
    const urls: string[] = [];
    if (site.visibility === 'public') {
      await this.eachPage(site, structure, (page, base) => {
        if (!page.noIndex && urls.length < 50_000) urls.push(`<url><loc>${esc(`${origin}${prefix}${base}/${page.path}`)}</loc></url>`);
      });
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  private async llms(site: PublishedSite, structure: VisibleStructure, origin: string, prefix: string): Promise<string> {
    const lines = [`# ${site.title}`, ''];
    let heading = '';
    await this.eachPage(site, structure, (page, base, group) => {
      if (group !== heading) {
        heading = group;
        lines.push('', `## ${group}`, '');
      }
      lines.push(`- [${page.title}](${origin}${prefix}${base}/${page.path}.md)${page.description ? `: ${page.description}` : ''}`);
    });
    return `${lines.join('\n')}\n`;
  }
}

function robots(site: PublishedSite, origin: string, prefix: string): string {
  if (site.visibility !== 'public') return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nAllow: /\nSitemap: ${origin}${prefix}/sitemap.xml\n`;
}

/** The page as Markdown for this visitor: `if` blocks are resolved first (their hidden branches never leave). */
function pageMarkdown(page: ReaderPage, visitor: VisitorContext): string {
  const body = page.document ? documentToMarkdown(visibleDocument(page.document, visitor)) : '';
  return `# ${page.title}\n\n${page.description ? `${page.description}\n\n` : ''}${body}`;
}

function status(code: number, title: string, message: string): ReaderResponse {
  return { status: code, headers: { 'content-type': HTML, 'cache-control': 'no-cache' }, body: renderStatusPage(code, title, message) };
}

function text(body: string, type: string): ReaderResponse {
  return { status: 200, headers: { 'content-type': type, 'cache-control': 'public, max-age=60' }, body };
}

function asset(body: string, type: string): ReaderResponse {
  return { status: 200, headers: { 'content-type': type, 'cache-control': 'public, max-age=31536000, immutable' }, body };
}

function splitUrl(url: string): [string, string?] {
  const at = url.indexOf('?');
  return at < 0 ? [url] : [url.slice(0, at), url.slice(at + 1)];
}

/** Decoded path segments, or null for anything a site never has: traversal, control characters, bad escapes. */
export function pathSegments(rawPath: string): string[] | null {
  const parts = rawPath.split('/').filter((s) => s !== '');
  if (parts.length > MAX_SEGMENTS) return null;
  const out: string[] = [];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (decoded === '.' || decoded === '..' || /[\u0000-\u001f\u007f/\\]/.test(decoded)) return null;
    out.push(decoded);
  }
  return out;
}

function parseQuery(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of new URLSearchParams(raw)) {
    if (++count > 50) break;
    if (!(name in out)) out[name] = value;
  }
  return out;
}

function parseCookies(raw: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (raw ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    try {
      out[name] = decodeURIComponent(part.slice(at + 1).trim());
    } catch {
      // A malformed cookie is ignored, as if absent.
    }
  }
  return out;
}

function header(headers: ReaderRequest['headers'], name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Where the visitor was going, inside the site, for the fallback URL's `location` parameter: the
 * path after the site's prefix without its leading slash, as GitBook passes it, so the login
 * server can send the visitor back to `<site URL>/<location>?jwt_token=…`. The refused token is
 * left out (it would only come back).
 */
export function siteLocation(rawPath: string, rawQuery: string, prefix: string): string {
  const inside = prefix && rawPath.startsWith(prefix) ? rawPath.slice(prefix.length) : rawPath;
  const query = new URLSearchParams(rawQuery);
  query.delete('jwt_token');
  const rest = query.toString();
  return `${inside.replace(/^\/+/, '')}${rest ? `?${rest}` : ''}`;
}
