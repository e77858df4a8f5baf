// A page as HTML: the document rendered in the site's shell, cached per everything it depends on.
import type { ReaderFile } from '../../content/content-source';
import type { PageIndex } from '../../content/page-index';
import type { ReaderPage } from '../../content/content-source';
import type { LoadedSpec } from '../../openapi/spec-source';
import { renderDocumentWith } from '../../render/document-html';
import { esc } from '../../render/escape';
import { pageHref, renderPage, type PageView } from '../../render/layout';
import type { Addressed } from '../../sites/site-view';
import { ORIGIN_MARK, type ReaderService } from '../reader.service';
import { HTML, type ReaderResponse } from '../response';
import { cachedRenderAsync, pageKey, servedBody } from './cached-page';
import type { SiteRequest } from './site-request';
import { lookupPage } from './page-lookup';
import { siteNotFound } from './not-found';
import { chromeView, customizationOf } from './chrome';
import { pageEditLink, type PageEditLink } from '../../content/git-links';

export async function pageRoute(reader: ReaderService, request: SiteRequest, addressed: Addressed): Promise<ReaderResponse> {
  const found = await lookupPage(reader, request, addressed, addressed.pagePath, '');
  if (found.kind === 'redirect') return found.response;
  if (found.kind === 'missing') return siteNotFound(reader, request, addressed);
  const { page, content, index } = found;
  const specs = await reader.specsFor(request.site.organizationId, page);
  const edit = await editLinkOf(reader, request, addressed, page);
  const { key, etag } = pageKey(reader, { request, addressed, content, page, specs, format: 'html', extra: edit?.url });
  const noindex = request.site.visibility !== 'public';
  const cached = await cachedRenderAsync(reader, key, etag, () =>
    renderHtml(reader, { request, addressed, index, page, specs, noindex, edit }),
  );
  const robotsHeader: Record<string, string> = noindex || page.noIndex ? { 'x-robots-tag': 'noindex' } : {};
  return servedBody(request, cached, HTML, robotsHeader, () => cached.body.split(ORIGIN_MARK).join(esc(request.origin)));
}

/** The page's "Edit on Git" link, when the customization's page menu has `git` and the space is synced. */
async function editLinkOf(
  reader: ReaderService,
  request: SiteRequest,
  addressed: Addressed,
  page: ReaderPage,
): Promise<PageEditLink | undefined> {
  if (!reader.git || !customizationOf(request, addressed).gitEdit) return undefined;
  return pageEditLink(reader.git, request.site.organizationId, addressed.siteSpace.spaceId, page.id);
}

/** The page in its shell; its costly blocks (API reference, code, math) are rendered on the reader's worker threads. */
async function renderHtml(
  reader: ReaderService,
  input: {
    request: SiteRequest;
    addressed: Addressed;
    index: PageIndex;
    page: ReaderPage;
    noindex: boolean;
    specs: Map<string, LoadedSpec>;
    edit?: PageEditLink;
  },
): Promise<string> {
  const { request, addressed, index, page, specs } = input;
  const { prefix, visitor } = request;
  const view: Pick<PageView, 'sitePrefix' | 'variantPrefix'> = { sitePrefix: prefix, variantPrefix: addressed.variantPrefix };
  const files = new Map<string, ReaderFile>(index.content.files.map((f) => [f.id, f]));
  const body = await renderDocumentWith(
    reader.pageBlocks,
    page.document ?? { object: 'document', data: {}, nodes: [] },
    {
      page: (pageId, space) => {
        if (space && space !== index.content.spaceId) return undefined;
        const target = index.byId.get(pageId);
        return target ? { href: pageHref(view, target), title: target.title } : undefined;
      },
      file: (fileId) => files.get(fileId),
      openapi: (slug) => specs.get(slug)?.doc,
      reusableContent: (id, space) => (space && space !== index.content.spaceId ? undefined : index.content.reusableContents?.[id]),
    },
    visitor,
  );
  return renderPage({
    ...chromeView(request, addressed, index),
    origin: ORIGIN_MARK,
    page,
    body,
    noindex: input.noindex,
    edit: input.edit,
  });
}
