import type { Space } from '../content';
import type { SiteRef } from './sites';

/** Wire shape of a site space: a space published in a site (at the root or in a section). */
export interface SiteSpace {
  object: 'site-space';
  id: string;
  path: string;
  section?: string;
  /** The real Space, as content last reported it (kept current by content's events). */
  space: Space;
  title: string;
  default: boolean;
  condition?: string;
  draft: boolean;
  hasAdvancedCustomizationFeature?: boolean;
  urls: { published?: string };
}

export interface SiteSection {
  object: 'site-section';
  id: string;
  title: string;
  description?: string;
  default: boolean;
  draft: boolean;
  path: string;
  condition?: string;
  sectionGroup?: string;
  siteSpaces: SiteSpace[];
  urls: { published?: string };
  icon?: string;
}

export interface SiteSectionGroup {
  object: 'site-section-group';
  id: string;
  title: string;
  sectionGroup?: string;
  draft: boolean;
  /** Deprecated official field: the sections directly in the group. */
  sections: SiteSection[];
  /** Sections and nested groups, in order. */
  children: Array<SiteSection | SiteSectionGroup>;
  icon?: string;
}

/** Position among siblings: before or after one of them (neither: last). */
export interface SiblingPosition {
  before?: string;
  after?: string;
}

export interface SiteSpaceListInput extends SiteRef {
  page?: string;
  limit?: number;
  shareKey?: string;
  default?: boolean;
}
export interface SiteSpaceAddInput extends SiteRef {
  spaceId: string;
  sectionId?: string;
}
export interface SiteSpaceRef extends SiteRef {
  siteSpaceId: string;
}
/** Absent = unchanged; `condition: null` removes the condition. */
export interface SiteSpaceUpdateInput extends SiteSpaceRef {
  path?: string;
  condition?: string | null;
  spaceId?: string;
}
export interface SiteSpaceMoveInput extends SiteSpaceRef {
  position?: SiblingPosition;
}

export interface SectionListInput extends SiteRef {
  page?: string;
  limit?: number;
  shareKey?: string;
}
export interface SectionAddInput extends SiteRef {
  spaceId: string;
  title?: string;
  icon?: string | null;
  siteSectionGroupId?: string;
}
export interface SectionRef extends SiteRef {
  siteSectionId: string;
}
/** Absent = unchanged; null clears `condition`, `icon`, `description`. */
export interface SectionUpdateInput extends SectionRef {
  title?: string;
  path?: string;
  defaultSiteSpace?: string;
  condition?: string | null;
  icon?: string | null;
  description?: string | null;
}
export interface SectionMoveInput extends SectionRef {
  position?: SiblingPosition;
}

export interface SectionGroupListInput extends SiteRef {
  page?: string;
  limit?: number;
}
export interface SectionGroupAddInput extends SiteRef {
  title: string;
  icon?: string | null;
  sections?: string[];
  parent?: string;
}
export interface SectionGroupRef extends SiteRef {
  siteSectionGroupId: string;
}
export interface SectionGroupUpdateInput extends SectionGroupRef {
  title?: string;
  icon?: string | null;
  /** Official: moves the group under another group (null: the root). A group inside itself is a 400. */
  parentSectionGroupId?: string | null;
}
export interface SectionGroupMoveInput extends SectionGroupRef {
  position?: SiblingPosition;
}
export interface SectionGroupSectionInput extends SectionGroupRef {
  siteSectionId: string;
}
