/**
 * Request/reply subjects of docs sites, site spaces, sections and section groups
 * (`sites.<aggregate>.<verb>`). Spread into `SitesSubjects` (index.ts); typed by `SiteStructureRpc`.
 */
export const SiteSubjects = {
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
