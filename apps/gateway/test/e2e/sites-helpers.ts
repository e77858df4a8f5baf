import { type ApiClient, expectOperation } from '@bindery/testing';
import { createSpace, newOrgAdmin, type PageBody, seedSpace } from './content-helpers';

export interface SiteBody {
  id: string;
  title: string;
  published: boolean;
  siteSpaces: number;
  visibility: string;
  basename?: string;
  hostname?: string;
  proxy?: { origin: string; target: string };
  adaptiveContent: { enabled: boolean };
  agentsContext: string;
  urls: { published?: string };
  shareKey?: string;
}
export interface SiteSpaceBody {
  id: string;
  path: string;
  section?: string;
  title: string;
  default: boolean;
  condition?: string;
  space: { id: string; title: string };
  urls: { published?: string };
}
export interface SectionBody {
  object: 'site-section';
  id: string;
  title: string;
  path: string;
  default: boolean;
  condition?: string;
  sectionGroup?: string;
  siteSpaces: SiteSpaceBody[];
  urls: { published?: string };
}
export interface GroupBody {
  object: 'site-section-group';
  id: string;
  title: string;
  sectionGroup?: string;
  children: Array<SectionBody | GroupBody>;
}
export interface PublishedBody {
  site: SiteBody;
  structure: { type: 'sections'; structure: Array<SectionBody | GroupBody> } | { type: 'siteSpaces'; structure: SiteSpaceBody[] };
}

export type OrgAdmin = Awaited<ReturnType<typeof newOrgAdmin>>;

/** A site of `count` new spaces, in a new organization unless one is given (new users spawn the operator CLI: slow). */
export async function siteWithSpaces(
  count: number,
  prefix = 'sites',
  existing?: OrgAdmin,
): Promise<{ client: ApiClient; orgId: string; userId: string; siteId: string; spaceIds: string[]; base: string }> {
  const admin = existing ?? (await newOrgAdmin(prefix));
  const spaceIds: string[] = [];
  for (let i = 0; i < count; i++) spaceIds.push((await createSpace(admin.client, admin.orgId, `Space ${i + 1}`)).id);
  const site = expectOperation<SiteBody>(
    await admin.client.post(`/v1/orgs/${admin.orgId}/sites`, { title: 'Docs', spaces: spaceIds }),
    'createSite',
    201,
  );
  return { ...admin, siteId: site.id, spaceIds, base: `/v1/orgs/${admin.orgId}/sites/${site.id}` };
}

/** The ids of a published `sections` structure as a nested list: groups are [id, children]. */
export type Shape = Array<string | [string, Shape]>;
export function shapeOf(items: Array<SectionBody | GroupBody>): Shape {
  return items.map((item) => (item.object === 'site-section-group' ? ([item.id, shapeOf(item.children)] as [string, Shape]) : item.id));
}

/** A site of one space seeded by `seedSpace`, with the ids of its pages and its "Intro" page (and path). */
export async function siteWithIntro(prefix: string) {
  const site = await siteWithSpaces(1, prefix);
  const ids = await seedSpace(site.client, site.spaceIds[0]);
  const pages = expectOperation<{ pages: PageBody[] }>(
    await site.client.get(`/v1/spaces/${site.spaceIds[0]}/content/pages`),
    'listPages',
    200,
  ).pages;
  const intro = pages.find((p) => p.id === ids.Intro) as PageBody & { path: string };
  return { ...site, ids, intro };
}
