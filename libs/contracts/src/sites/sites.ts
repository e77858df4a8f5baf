import type { MemberRole } from '../roles';

export type SiteType = 'basic' | 'premium' | 'ultimate' | 'sponsored' | 'legacy-basic' | 'legacy-premium';
export const SITE_TYPES: readonly SiteType[] = ['basic', 'premium', 'ultimate', 'sponsored', 'legacy-basic', 'legacy-premium'];
export type SiteVisibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth';
export const SITE_VISIBILITIES: readonly SiteVisibility[] = ['public', 'unlisted', 'share-link', 'visitor-auth'];
export type SiteAgentsContext = 'excluded' | 'included';
export const SITE_AGENTS_CONTEXTS: readonly SiteAgentsContext[] = ['excluded', 'included'];

export interface SitePermissions {
  view: boolean;
  access: boolean;
  edit: boolean;
  create: boolean;
  admin: boolean;
  installIntegration: boolean;
  viewAdaptiveSchema: boolean;
  editAdaptiveSchema: boolean;
}

/** Wire shape of a site (spec + fields the official document marks required). */
export interface Site {
  object: 'site';
  id: string;
  type: SiteType;
  appliedType: SiteType;
  title: string;
  hostname?: string;
  basename?: string;
  proxy?: { origin: string; target: string };
  visibility: SiteVisibility;
  defaultLevel: MemberRole | 'inherit';
  permissions: SitePermissions;
  published: boolean;
  siteSpaces: number;
  createdAt: string;
  adaptiveContent: { enabled: boolean };
  ads: { status: 'pending'; submittable: boolean };
  agentsContext: SiteAgentsContext;
  features: Array<{ id: string; plan: SiteType; frozen: boolean; customizations?: string[] }>;
  urls: { location: string; app: string; preview: string; published?: string };
}

export interface SiteRef {
  organizationId: string;
  siteId: string;
}
export interface SiteListInput {
  organizationId: string;
  page?: string;
  limit?: number;
  /** Only sites that have a site space on this space. */
  space?: string;
  /** Case-insensitive containment in the title. */
  title?: string;
  published?: boolean;
}
export interface SiteCreateInput {
  organizationId: string;
  type?: SiteType;
  title?: string;
  visibility?: SiteVisibility;
  /** Spaces of the organization to add as site spaces (checked with content). */
  spaces?: string[];
}
/** Absent = unchanged; `proxy: null` removes the proxy. */
export interface SiteUpdateInput extends SiteRef {
  title?: string;
  visibility?: SiteVisibility;
  basename?: string;
  /** A Bindery addition: the site's own hostname (official SiteHostname pattern); null removes it. */
  hostname?: string | null;
  adaptiveContent?: { enabled: boolean };
  agentsContext?: SiteAgentsContext;
  defaultSiteSpace?: string;
  defaultSiteSection?: string;
  proxy?: string | null;
}
export interface SiteExistsInput {
  organizationId: string;
  siteId: string;
}
export interface SiteExistsResult {
  exists: boolean;
}

/** Any of the structure items `sortSiteStructure` moves. */
export interface SiteStructurePointer {
  type: 'site-space' | 'site-section' | 'site-section-group';
  id: string;
}
export interface SiteSortInput extends SiteRef {
  item: SiteStructurePointer;
  position: { before?: SiteStructurePointer; after?: SiteStructurePointer };
}
