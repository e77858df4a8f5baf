// A page as Markdown (`<page>.md`), for this visitor: `if` blocks are resolved first (their hidden
// branches never leave).
import { documentToMarkdown } from '@bindery/document';
import type { VisitorContext } from '../../access/conditions';
import type { ReaderPage } from '../../content/content-source';
import type { LoadedSpec } from '../../openapi/spec-source';
import { visibleDocument } from '../../render/adaptive';
import type { Addressed } from '../../sites/site-view';
import type { ReaderService } from '../reader.service';
import type { ReaderResponse } from '../response';
import { cachedRender, pageKey, servedBody } from './cached-page';
import { siteNotFound } from './not-found';
import { lookupPage } from './page-lookup';
import type { SiteRequest } from './site-request';

export async function markdownRoute(reader: ReaderService, request: SiteRequest, addressed: Addressed): Promise<ReaderResponse> {
  const found = await lookupPage(reader, request, addressed, addressed.pagePath.slice(0, -'.md'.length), '.md');
  if (found.kind === 'redirect') return found.response;
  if (found.kind === 'missing') return siteNotFound(reader, request, addressed);
  const { page, content } = found;
  const { key, etag } = pageKey(reader, { request, addressed, content, page, specs: new Map<string, LoadedSpec>(), format: 'md' });
  const cached = cachedRender(reader, key, etag, () => pageMarkdown(page, request.visitor));
  const robotsHeader: Record<string, string> = request.site.visibility !== 'public' || page.noIndex ? { 'x-robots-tag': 'noindex' } : {};
  return servedBody(request, cached, 'text/markdown; charset=utf-8', robotsHeader, () => cached.body);
}

function pageMarkdown(page: ReaderPage, visitor: VisitorContext): string {
  const body = page.document ? documentToMarkdown(visibleDocument(page.document, visitor)) : '';
  return `# ${page.title}\n\n${page.description ? `${page.description}\n\n` : ''}${body}`;
}
