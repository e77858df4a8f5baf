// 404s. Inside a site the page keeps the site's chrome (navigation, search, a "Home" link to the
// variant's first page) and suggests the pages whose path is nearest to the one asked for.
import type { ReaderPage } from '../../content/content-source';
import { pageIndex } from '../../content/page-index';
import { renderNotFoundPage } from '../../render/layout';
import { address, type Addressed } from '../../sites/site-view';
import type { ReaderService } from '../reader.service';
import { HTML, statusPage, type ReaderResponse } from '../response';
import { chromeView } from './chrome';
import type { SiteRequest } from './site-request';

const SUGGESTIONS = 5;
/** Pages compared at most (a 404 must stay cheap on a 10,000-page site). */
const COMPARED = 2_000;

export function notFound(): ReaderResponse {
  return statusPage(404, 'Page not found', 'There is no page at this address.');
}

export async function siteNotFound(reader: ReaderService, request: SiteRequest, addressed?: Addressed): Promise<ReaderResponse> {
  const where = addressed ?? address(request.structure, []);
  if (!where) return notFound();
  const index = pageIndex(await reader.content.content(request.site.organizationId, where.siteSpace.spaceId));
  const asked = (addressed?.pagePath ?? request.rest.join('/')).replace(/\.md$/, '').toLowerCase();
  const body = renderNotFoundPage(chromeView(request, where, index), nearest(index.order.slice(0, COMPARED), asked));
  return { status: 404, headers: { 'content-type': HTML, 'cache-control': 'no-cache' }, body };
}

function nearest(pages: ReaderPage[], asked: string): ReaderPage[] {
  if (!asked) return [];
  const last = asked.split('/').pop() ?? asked;
  return pages
    .map((page) => {
      const path = page.path.toLowerCase();
      const slug = path.split('/').pop() ?? path;
      return { page, score: Math.min(distance(path, asked), distance(slug, last)) };
    })
    .filter((c) => c.score <= Math.max(2, Math.floor(last.length / 3)))
    .sort((a, b) => a.score - b.score)
    .slice(0, SUGGESTIONS)
    .map((c) => c.page);
}

/** Levenshtein distance, on at most 100 characters of each. */
function distance(a: string, b: string): number {
  const x = a.slice(0, 100);
  const y = b.slice(0, 100);
  let previous = Array.from({ length: y.length + 1 }, (_, i) => i);
  for (let i = 1; i <= x.length; i++) {
    const row = [i];
    for (let j = 1; j <= y.length; j++)
      row[j] = Math.min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    previous = row;
  }
  return previous[y.length];
}
