// Which page an address inside a site names: the page, or a redirect (a moved page, a group to
// its first page), or nothing.
import type { ReaderPage, SpaceContent } from '../../content/content-source';
import { type PageIndex, pageIndex } from '../../content/page-index';
import type { Addressed } from '../../sites/site-view';
import type { ReaderService } from '../reader.service';
import { redirect, type ReaderResponse } from '../response';
import type { SiteRequest } from './site-request';

export type PageLookup =
  | { kind: 'page'; page: ReaderPage; content: SpaceContent; index: PageIndex }
  | { kind: 'redirect'; response: ReaderResponse }
  | { kind: 'missing' };

export async function lookupPage(
  reader: ReaderService,
  request: SiteRequest,
  addressed: Addressed,
  pagePath: string,
  suffix: '' | '.md',
): Promise<PageLookup> {
  const { site, prefix } = request;
  const content = await reader.content.content(site.organizationId, addressed.siteSpace.spaceId);
  const index = pageIndex(content);
  const page = pagePath === '' ? index.first : index.byPath.get(pagePath);
  if (page?.type === 'document') return { kind: 'page', page, content, index };
  const moved = page || pagePath === '' ? undefined : await reader.content.movedPath(site.organizationId, content, pagePath);
  if (moved !== undefined && index.byPath.has(moved))
    return { kind: 'redirect', response: redirect(301, `${prefix}${addressed.variantPrefix}/${moved}${suffix}`, 'public, max-age=300') };
  if (page?.type === 'group') {
    const firstChild = index.order.find((p) => p.path.startsWith(`${page.path}/`));
    if (firstChild)
      return { kind: 'redirect', response: redirect(302, `${prefix}${addressed.variantPrefix}/${firstChild.path}`, 'no-cache') };
  }
  return { kind: 'missing' };
}
