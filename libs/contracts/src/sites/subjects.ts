import { healthSubject } from '../health';

/**
 * Request/reply subjects answered by the sites service (`sites.<aggregate>.<verb>`): docs sites,
 * site spaces, sections and section groups, OpenAPI specs, and a site's publishing auth. Each
 * aggregate's file types its subjects' input and result (`SitesRpc`).
 */
export const SitesSubjects = {
  health: healthSubject('sites'),
  siteList: 'sites.site.list',
  siteCreate: 'sites.site.create',
  siteGet: 'sites.site.get',
  siteUpdate: 'sites.site.update',
  siteDelete: 'sites.site.delete',
  sitePublish: 'sites.site.publish',
  siteUnpublish: 'sites.site.unpublish',
  /** `sortSiteStructure`: moves a site space, section or section group among its siblings. */
  siteSort: 'sites.site.sort-structure',
  /** GET …/sites/{siteId}/published for a member of the organization (the published profile). */
  sitePublished: 'sites.site.get-published',
  /**
   * Internal, callerless (the reader app serves anonymous visitors): the published structure of a
   * site found by hostname, organization + basename, site id, or share key, for one visitor
   * (PublishedLookupInput → PublishedSiteResult). A site that is not published, or whose
   * visibility the lookup does not satisfy (share-link without its key, visitor-auth without a
   * valid token), is a 404. The site spaces and sections whose condition is false for the visitor
   * are left out.
   */
  publishedLookup: 'sites.published.lookup',
  /**
   * Internal: does the organization own this site (identity asks before setting an
   * organization's `defaultContent`). Callerless: identity has already checked the caller.
   */
  siteExists: 'sites.site.exists',
  adaptiveSchemaGet: 'sites.adaptive-schema.get',
  adaptiveSchemaPut: 'sites.adaptive-schema.put',
  adaptiveTemplateConditions: 'sites.adaptive-schema.list-template-conditions',
  siteSpaceList: 'sites.site-space.list',
  siteSpaceAdd: 'sites.site-space.add',
  siteSpaceUpdate: 'sites.site-space.update',
  siteSpaceDelete: 'sites.site-space.delete',
  siteSpaceMove: 'sites.site-space.move',
  sectionList: 'sites.section.list',
  sectionAdd: 'sites.section.add',
  sectionUpdate: 'sites.section.update',
  sectionDelete: 'sites.section.delete',
  sectionMove: 'sites.section.move',
  sectionGroupList: 'sites.section-group.list',
  sectionGroupAdd: 'sites.section-group.add',
  sectionGroupUpdate: 'sites.section-group.update',
  sectionGroupDelete: 'sites.section-group.delete',
  sectionGroupMove: 'sites.section-group.move',
  sectionGroupAddSection: 'sites.section-group.add-section',
  sectionGroupRemoveSection: 'sites.section-group.remove-section',
  // OpenAPI specs (`sites.openapi.<verb>`).
  openApiList: 'sites.openapi.list',
  openApiCreate: 'sites.openapi.create',
  openApiGet: 'sites.openapi.get',
  openApiPut: 'sites.openapi.put',
  openApiUpdate: 'sites.openapi.update',
  openApiDelete: 'sites.openapi.delete',
  openApiVersionList: 'sites.openapi.version-list',
  openApiVersionGet: 'sites.openapi.version-get',
  openApiVersionContent: 'sites.openapi.version-content',
  openApiLatestRaw: 'sites.openapi.latest-raw',
  /** Callerless: the public link of a `public` spec (anyone holding it may read the latest version). */
  openApiPublished: 'sites.openapi.published',
  /**
   * Callerless, for the reader app: the newest processed version of a spec of the organization of a
   * site the sites service found published for this visitor, by slug (API reference blocks of its pages).
   * Content asks it too, for computed OpenAPI pages, after checking the caller's access to the space.
   */
  openApiForSite: 'sites.openapi.for-site',
  /**
   * A site's publishing auth (visitor authentication: the per-site key that signs visitor tokens,
   * and where visitors without one are sent). Admins of the site's organization only (the answer
   * holds the site's private key).
   */
  publishingAuthGet: 'sites.publishing-auth.get',
  publishingAuthUpdate: 'sites.publishing-auth.update',
  publishingAuthRegenerate: 'sites.publishing-auth.regenerate',
  /**
   * A site's customization (`SiteCustomizationSettings`: title, logo, colours, theme, links…) and
   * a site space's overrides of it. Read by members, changed by those who may write sites.
   */
  customizationGet: 'sites.customization.get',
  customizationPut: 'sites.customization.put',
  siteSpaceCustomizationGet: 'sites.site-space-customization.get',
  siteSpaceCustomizationPatch: 'sites.site-space-customization.patch',
  siteSpaceCustomizationDelete: 'sites.site-space-customization.delete',
  /** Callerless, for the reader: a visitor's "was this helpful?" rating of a published page. */
  feedbackSubmit: 'sites.feedback.submit',
  /** A site's page ratings, newest first (admins of its organization). */
  feedbackList: 'sites.feedback.list',
} as const;

/** Events published by sites on the JetStream event stream (past tense); payload SiteEvent. */
export const SiteEvents = {
  siteCreated: 'sites.site.created',
  siteUpdated: 'sites.site.updated',
  /** Published, unpublished, or its structure (site spaces, sections, groups, order) changed. */
  siteStructureChanged: 'sites.site.structure-changed',
  siteDeleted: 'sites.site.deleted',
} as const;

/** Core-NATS subjects of the sites events after which a published lookup may answer differently (the reader listens). */
export const PUBLISHED_SITE_EVENTS: readonly string[] = [
  SiteEvents.siteUpdated,
  SiteEvents.siteStructureChanged,
  SiteEvents.siteDeleted,
].map((type) => `events.${type}`);

export interface SiteEvent {
  siteId: string;
  organizationId: string;
  at: string;
}

/** Sites' durable consumer of content's space events (renames, moves, deletes of embedded spaces). */
export const SITE_SPACES_CONSUMER = 'sites-space-follow';
export const SITE_SPACES_EVENTS = 'content.space.*';
