// A page as Markdown (`<page>.md`), for this visitor: `if` blocks are resolved first (their hidden
// branches never leave).
import type { LoadedSpec } from '../../openapi/spec-source';
import type { Addressed } from '../../sites/site-view';
import type { ReaderService } from '../reader.service';
import type { ReaderResponse } from '../response';
import { cachedRenderAsync, pageKey, servedBody } from './cached-page';
import { siteNotFound } from './not-found';
import { lookupPage } from './page-lookup';
import type { SiteRequest } from './site-request';

export async function markdownRoute(reader: ReaderService, request: SiteRequest, addressed: Addressed): Promise<ReaderResponse> {
  const found = await lookupPage(reader, request, addressed, addressed.pagePath.slice(0, -'.md'.length), '.md');
  if (found.kind === 'redirect') return found.response;
  if (found.kind === 'missing') return siteNotFound(reader, request, addressed);
  const { page, content } = found;
  const { key, etag } = pageKey(reader, { request, addressed, content, page, specs: new Map<string, LoadedSpec>(), format: 'md' });
  // On a worker thread: a large page's Markdown takes seconds to write.
  const cached = await cachedRenderAsync(reader, key, etag, async () => {
    const body = await reader.markdown.render({ document: page.document, visitor: { claims: request.visitor.claims } });
    return `# ${page.title}\n\n${page.description ? `${page.description}\n\n` : ''}${body}`;
  });
  const robotsHeader: Record<string, string> = request.site.visibility !== 'public' || page.noIndex ? { 'x-robots-tag': 'noindex' } : {};
  return servedBody(request, cached, 'text/markdown; charset=utf-8', robotsHeader, () => cached.body);
}
