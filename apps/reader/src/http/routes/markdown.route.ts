// A page as Markdown (`<page>.md`), for this visitor: `if` blocks are resolved first (their hidden
// branches never leave).
import type { PageIndex } from '../../content/page-index';
import type { LoadedSpec } from '../../openapi/spec-source';
import { pageHref } from '../../render/layout';
import { linkTable } from '../../render/page-markdown';
import type { MarkdownLinks } from '../../render/reader-markdown';
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
  const { page, content, index } = found;
  const { key, etag } = pageKey(reader, { request, addressed, content, page, specs: new Map<string, LoadedSpec>(), format: 'md' });
  // On a worker thread: a large page's Markdown takes seconds to write.
  const cached = await cachedRenderAsync(reader, key, etag, async () => {
    const links = markdownLinks(index, { sitePrefix: request.prefix, variantPrefix: addressed.variantPrefix });
    const body = await reader.markdown.render({
      document: page.document,
      visitor: { claims: request.visitor.claims },
      links: linkTable(page.document, links),
    });
    return `# ${page.title}\n\n${page.description ? `${page.description}\n\n` : ''}${body}`;
  });
  const robotsHeader: Record<string, string> = request.site.visibility !== 'public' || page.noIndex ? { 'x-robots-tag': 'noindex' } : {};
  return servedBody(request, cached, 'text/markdown; charset=utf-8', robotsHeader, () => cached.body);
}

/** Links of a page's Markdown: other pages by their `.md` address, files by their URL. */
export function markdownLinks(index: PageIndex, view: { sitePrefix: string; variantPrefix: string }): MarkdownLinks {
  const files = new Map(index.content.files.map((f) => [f.id, f.downloadURL]));
  return {
    page: (pageId) => {
      const target = index.byId.get(pageId);
      if (!target) return undefined;
      const href = pageHref(view, target);
      return `${href === '/' ? '' : href}.md`;
    },
    file: (fileId) => files.get(fileId),
  };
}
