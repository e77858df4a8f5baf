// A rendered page (HTML or Markdown) from the cache, or rendered once and kept. The key holds
// everything the page depends on except the request's origin (see ORIGIN_MARK), which is part of
// the ETag only.
import { createHash } from 'node:crypto';
import type { ReaderPage, SpaceContent } from '../../content/content-source';
import type { LoadedSpec } from '../../openapi/spec-source';
import type { Addressed } from '../../sites/site-view';
import { CompressedBodies, negotiateEncoding } from '../compression';
import type { CachedPage, ReaderService } from '../reader.service';
import type { ReaderResponse } from '../response';
import type { SiteRequest } from './site-request';

export interface CacheInput {
  request: SiteRequest;
  addressed: Addressed;
  content: SpaceContent;
  page: ReaderPage;
  specs: Map<string, LoadedSpec>;
  format: 'html' | 'md';
  /** What else the rendering used (the page's edit link): part of the key. */
  extra?: string;
}

export function cacheHeaders(etag: string): Record<string, string> {
  return { etag, 'cache-control': 'public, max-age=0, must-revalidate', vary: 'Cookie, Accept-Encoding' };
}

/**
 * A cached page as this request wants it: compressed when the client accepts it (once per page
 * and origin), with an ETag per representation; 304 when the client holds that one.
 */
export async function servedBody(
  request: SiteRequest,
  cached: CachedPage,
  type: string,
  extra: Record<string, string>,
  text: () => string,
): Promise<ReaderResponse> {
  const encoding = negotiateEncoding(request.acceptEncoding);
  const etag = encoding ? cached.etag.replace(/"$/, `-${encoding}"`) : cached.etag;
  const headers: Record<string, string> = { 'content-type': type, ...cacheHeaders(etag), ...extra };
  if (request.ifNoneMatch === etag) return { status: 304, headers: cacheHeaders(etag), body: '' };
  if (!encoding) return { status: 200, headers, body: text() };
  return {
    status: 200,
    headers: { ...headers, 'content-encoding': encoding },
    body: await cached.compressed.get(request.origin, encoding, text),
  };
}

/** The page's key and ETag; `cached` when the client already holds it. */
export function pageKey(reader: ReaderService, input: CacheInput): { key: string; etag: string } {
  const { request, addressed, content, page, specs, format, extra = '' } = input;
  // A page with `if` blocks differs per visitor claims: they are part of its key (and ETag).
  const adaptive = reader.isAdaptive(page);
  const key = [
    adaptive ? createHash('sha1').update(JSON.stringify(request.visitor.claims)).digest('base64url') : '',
    [...specs.values()].map((spec) => spec.hash).join(','),
    request.site.id,
    request.site.version,
    request.structure.key,
    addressed.siteSpace.id,
    content.revisionId,
    page.id,
    format,
    request.prefix,
    addressed.variantPrefix,
    extra,
  ].join('|');
  const etag = `"${createHash('sha1').update(key).update('|').update(request.origin).digest('base64url')}"`;
  return { key, etag };
}

export function cachedRender(reader: ReaderService, key: string, etag: string, render: () => string): CachedPage {
  let cached = reader.rendered.get(key);
  if (!cached) {
    cached = { body: render(), etag, compressed: new CompressedBodies() };
    reader.rendered.set(key, cached);
  }
  return cached;
}

/** As cachedRender, for a body rendered off the event loop. */
export async function cachedRenderAsync(
  reader: ReaderService,
  key: string,
  etag: string,
  render: () => Promise<string>,
): Promise<CachedPage> {
  const cached = reader.rendered.get(key);
  if (cached) return cached;
  const body = await render();
  return cachedRender(reader, key, etag, () => body);
}
