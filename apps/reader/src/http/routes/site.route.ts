// Every address that is not an asset or a probe: find the site (host, or `/{org}/{basename}`),
// decide access with the visitor's credentials (query, then cookies), and hand the rest of the
// path to the room that serves it.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clearTokenCookie, credentialCookies, visitorCredentials } from '../../access/visitor-access';
import { httpUrl } from '../../render/safe-url';
import { address, structureOf } from '../../sites/site-view';
import type { ReaderService } from '../reader.service';
import { type ReaderResponse, statusPage } from '../response';
import { findSite } from '../site-finder';
import { pathSegments, shareLinkEntry, siteLocation } from '../site-path';
import { CUSTOM_CSS_SEGMENT } from '../../render/customization-css';
import { customizationCssRoute } from './customization-css.route';
import { FEEDBACK_SEGMENT, FORM_LIMIT_BYTES, feedbackRoute } from './feedback.route';
import { isCrossOriginPost } from './same-origin';
import { markdownRoute } from './markdown.route';
import { notFound, siteNotFound } from './not-found';
import { pageRoute } from './page.route';
import { searchRoute } from './search.route';
import { isSeoFile, seoRoute } from './seo.route';
import type { SiteRequest } from './site-request';

const MAX_URL_LENGTH = 4096;
/** Query parameters read at most (the rest are ignored): unsigned claims are one parameter each. */
const MAX_QUERY_PARAMETERS = 50;

export function siteRoutes(app: FastifyInstance, reader: ReaderService): void {
  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => send(reply, await serveSite(reader, request)),
  });
  // The one form a site takes: "was this helpful?" (works without script).
  app.route({
    method: 'POST',
    url: '/*',
    bodyLimit: FORM_LIMIT_BYTES,
    handler: async (request, reply) => {
      if (!request.url.split('?', 1)[0].endsWith(`/${FEEDBACK_SEGMENT}`)) return send(reply, methodNotAllowed());
      if (isCrossOriginPost(request))
        return send(
          reply,
          statusPage(403, 'Feedback refused', 'Rate a page from the page itself, with its “Was this page helpful?” buttons.'),
        );
      return send(reply, await serveSite(reader, request, formOf(request.body)));
    },
  });
  app.route({
    method: ['PUT', 'PATCH', 'DELETE'],
    url: '/*',
    handler: (_request, reply) => send(reply, methodNotAllowed()),
  });
}

function methodNotAllowed(): ReaderResponse {
  const refused = statusPage(405, 'Method not allowed', 'Only GET and HEAD are served here.');
  refused.headers.allow = 'GET, HEAD';
  return refused;
}

/** The parsed form (see server.ts), or an empty one for any other body. */
function formOf(body: unknown): Record<string, string> {
  return firstValues(body);
}

function send(reply: FastifyReply, response: ReaderResponse): FastifyReply {
  return reply.status(response.status).headers(response.headers).send(response.body);
}

async function serveSite(reader: ReaderService, request: FastifyRequest, form?: Record<string, string>): Promise<ReaderResponse> {
  if (request.url.length > MAX_URL_LENGTH) return statusPage(414, 'Address too long', 'This address is longer than any page of a site.');
  const rawPath = request.url.split('?', 1)[0];
  const parsed = pathSegments(rawPath);
  if (!parsed) return notFound();
  const query = firstValues(request.query);
  const entry = shareLinkEntry(parsed);
  if (entry.shareKey) query.share ??= entry.shareKey;
  const secure = request.protocol === 'https';
  const credentials = visitorCredentials(query, request.cookies);
  const found = await findSite(reader.sites, request.host, entry.segments, credentials);
  if (found.kind === 'not-found') return statusPage(404, 'Site not found', 'No published site lives at this address.');
  if (found.kind === 'unauthorized') {
    const clear: Record<string, string[]> =
      credentials.token && !credentials.tokenFromQuery ? { 'set-cookie': [clearTokenCookie(found.prefix || '/', secure)] } : {};
    // The fallback URL is the site owner's; it is still only followed when it is http(s).
    const login = httpUrl(found.loginUrl);
    if (login) {
      login.searchParams.set('location', siteLocation(rawPath, query, found.prefix));
      return { status: 302, headers: { location: login.toString(), 'cache-control': 'no-store', ...clear }, body: '' };
    }
    const refused = statusPage(
      401,
      'Sign-in required',
      'This site is only for signed-in visitors; the link you followed may have expired.',
    );
    return { ...refused, headers: { ...refused.headers, ...clear } };
  }
  const { site, prefix, rest } = found;
  const inside: SiteRequest = {
    site,
    structure: structureOf(site),
    prefix,
    rest,
    visitor: { claims: found.claims },
    origin: `${secure ? 'https' : 'http'}://${request.host}`,
    query,
    ...(form ? { form } : {}),
    ip: request.ip,
    ifNoneMatch: request.headers['if-none-match'],
    accept: request.headers.accept,
    acceptEncoding: request.headers['accept-encoding'],
  };
  const response = await room(reader, inside);
  if (site.visibility === 'share-link' || site.visibility === 'visitor-auth') response.headers['cache-control'] = 'private, no-cache';
  const cookies = credentialCookies(credentials, prefix || '/', secure);
  if (cookies.length > 0 && response.status < 400) response.headers['set-cookie'] = cookies;
  return response;
}

/** The room of an address inside a site: crawler files, search, a page's Markdown, or the page. */
async function room(reader: ReaderService, request: SiteRequest): Promise<ReaderResponse> {
  const seoFile = isSeoFile(request.rest);
  if (seoFile) return seoRoute(reader, request, seoFile);
  if (request.rest.length === 1 && CUSTOM_CSS_SEGMENT.test(request.rest[0])) return customizationCssRoute(request, request.rest[0]);
  const addressed = address(request.structure, request.rest);
  if (!addressed) return siteNotFound(reader, request);
  if (addressed.pagePath === '~search') return searchRoute(reader, request, addressed);
  if (addressed.pagePath === FEEDBACK_SEGMENT)
    return request.form ? feedbackRoute(reader, request, addressed) : siteNotFound(reader, request, addressed);
  if (addressed.pagePath.endsWith('.md')) return markdownRoute(reader, request, addressed);
  return pageRoute(reader, request, addressed);
}

/** Fastify's parsed query, one value per name (the first), at most MAX_QUERY_PARAMETERS names. */
function firstValues(query: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!query || typeof query !== 'object') return out;
  for (const [name, value] of Object.entries(query as Record<string, unknown>).slice(0, MAX_QUERY_PARAMETERS)) {
    const first: unknown = Array.isArray(value) ? (value as unknown[])[0] : value;
    if (typeof first === 'string') out[name] = first;
  }
  return out;
}
