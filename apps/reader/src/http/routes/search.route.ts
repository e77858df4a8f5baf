// Search inside a variant (`~search?q=`): hits of content's search, kept to pages this visitor sees,
// each with the titles of its page's ancestors. JSON for the script (`Accept: application/json`),
// otherwise a results page in the site's chrome (the search form works without script).
import { pageIndex } from '../../content/page-index';
import { ancestorsOf, renderSearchPage } from '../../render/layout';
import { safeUrl } from '../../render/safe-url';
import type { Addressed } from '../../sites/site-view';
import type { ReaderService } from '../reader.service';
import { HTML, type ReaderResponse } from '../response';
import { chromeView } from './chrome';
import type { SiteRequest } from './site-request';

const MAX_QUERY = 200;

export async function searchRoute(reader: ReaderService, request: SiteRequest, addressed: Addressed): Promise<ReaderResponse> {
  const { organizationId } = request.site;
  const spaceId = addressed.siteSpace.spaceId;
  const index = pageIndex(await reader.content.content(organizationId, spaceId));
  const base = request.prefix + addressed.variantPrefix;
  const queryText = (request.query.q ?? '').trim().slice(0, MAX_QUERY);
  const hits = queryText ? await reader.content.search(organizationId, spaceId, queryText) : [];
  const results = (hits ?? [])
    .filter((hit) => index.byPath.has(hit.path))
    .slice(0, 20)
    .map((hit) => ({
      title: hit.title,
      path: ancestorsOf(index, index.byPath.get(hit.path)!).map((a) => a.title),
      // The script puts it into a link's href: the same gate as every URL the reader writes.
      url: safeUrl(`${base}/${hit.path}${hit.anchor ? `#${encodeURIComponent(hit.anchor)}` : ''}`),
      snippet: hit.snippet.slice(0, 240),
    }));
  if (!request.accept?.includes('application/json')) {
    const html = renderSearchPage(chromeView(request, addressed, index), queryText, hits === null ? null : results);
    return {
      status: 200,
      headers: { 'content-type': HTML, 'cache-control': 'no-cache', 'x-robots-tag': 'noindex', vary: 'Accept' },
      body: html,
    };
  }
  return {
    status: 200,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache', vary: 'Accept' },
    body: JSON.stringify({ available: hits !== null, results }),
  };
}
