// Search inside a variant (`~search?q=`): hits of content's search, kept to pages this visitor sees.
import { pageIndex } from '../../content/page-index';
import { safeUrl } from '../../render/safe-url';
import type { Addressed } from '../../sites/site-view';
import type { ReaderService } from '../reader.service';
import type { ReaderResponse } from '../response';
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
