import type { Site, SitePermissions, SiteType, SiteVisibility, SiteAgentsContext } from '@bindery/contracts';
import type { SiteRow } from '../structure/rows';

/** Where a site's published URLs start: what the reader serves, per the site's settings. */
export interface UrlBase {
  /** The organization's hostname (identity's `customHostname` or `hostname`), if any. */
  organizationHostname: string | null;
  /** Public base URL of published sites when the organization has no hostname (no trailing slash). */
  publicBaseUrl: string;
}

/**
 * The published URL of a site, or undefined when it is not published. A share-link site's URLs
 * carry its key (`/~share/<key>`) and are only given to a reader who presents that key.
 */
export function sitePublishedUrl(site: SiteRow, base: UrlBase, shareKey?: string): string | undefined {
  if (!site.published) return undefined;
  if (site.visibility === 'share-link' && shareKey !== site.share_key) return undefined;
  const name = encodeURIComponent(site.basename ?? site.id);
  const root = site.hostname
    ? `https://${site.hostname}${site.basename ? `/${name}` : ''}`
    : base.organizationHostname
      ? `https://${base.organizationHostname}/${name}`
      : `${base.publicBaseUrl}/${encodeURIComponent(site.organization_id)}/${name}`;
  return site.visibility === 'share-link' ? `${root}/~share/${encodeURIComponent(site.share_key)}` : root;
}

export function sitePermissions(canWrite: boolean, isAdmin: boolean): SitePermissions {
  return {
    view: true,
    access: true,
    edit: canWrite,
    create: canWrite,
    admin: isAdmin,
    installIntegration: isAdmin,
    viewAdaptiveSchema: true,
    editAdaptiveSchema: canWrite,
  };
}

/**
 * Wire shape of a site. A share-link site's key, as `shareKey` (a Bindery addition) and inside
 * `urls.published`, only for members who may see share keys (`sites.shareKeys`): a read member or
 * a visitor who presented the key learns nothing new from the answer.
 */
export function siteWire(
  row: SiteRow,
  apiBaseUrl: string,
  urlBase: UrlBase,
  standing: { canWrite: boolean; isAdmin: boolean; seesShareKeys?: boolean },
): Site & { shareKey?: string } {
  const seesShareKey = standing.seesShareKeys === true && row.visibility === 'share-link';
  const published = sitePublishedUrl(row, urlBase, seesShareKey ? row.share_key : undefined);
  const location = `${apiBaseUrl}/v1/orgs/${row.organization_id}/sites/${row.id}`;
  return {
    object: 'site',
    id: row.id,
    type: row.type as SiteType,
    appliedType: row.type as SiteType,
    title: row.title,
    ...(row.hostname ? { hostname: row.hostname } : {}),
    ...(row.basename ? { basename: row.basename } : {}),
    ...(row.proxy ? { proxy: { origin: row.proxy, target: published ?? location } } : {}),
    visibility: row.visibility as SiteVisibility,
    defaultLevel: 'inherit',
    permissions: sitePermissions(standing.canWrite, standing.isAdmin),
    published: row.published,
    siteSpaces: row.site_spaces,
    createdAt: new Date(row.created_at).toISOString(),
    adaptiveContent: { enabled: row.adaptive_enabled },
    ads: { status: 'pending', submittable: false },
    agentsContext: row.agents_context as SiteAgentsContext,
    features: [],
    urls: {
      location,
      app: `${apiBaseUrl}/o/${row.organization_id}/sites/${row.id}`,
      preview: `${location}/published`,
      ...(published ? { published } : {}),
    },
    ...(seesShareKey ? { shareKey: row.share_key } : {}),
  };
}
