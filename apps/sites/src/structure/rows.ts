import type { Space } from '@bindery/contracts';

/** Rows as the repositories return them (snake_case columns of the sites schema). */
export interface SiteRow {
  id: string;
  organization_id: string;
  type: string;
  title: string;
  visibility: string;
  basename: string | null;
  hostname: string | null;
  proxy: string | null;
  published: boolean;
  adaptive_enabled: boolean;
  agents_context: string;
  default_site_section_id: string | null;
  default_site_space_id: string | null;
  share_key: string;
  adaptive_schema: Record<string, unknown> | null;
  adaptive_updated_at: Date | null;
  /** `SiteCustomizationSettingsInput` as last PUT; null = the product's defaults. */
  customization: Record<string, unknown> | null;
  customization_updated_at: Date | null;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  site_spaces: number;
}

export interface GroupRow {
  id: string;
  site_id: string;
  parent_id: string | null;
  title: string;
  icon: string | null;
  position: string;
}

export interface SectionRow {
  id: string;
  site_id: string;
  group_id: string | null;
  title: string;
  description: string | null;
  icon: string | null;
  path: string;
  condition: string | null;
  default_site_space_id: string | null;
  position: string;
}

export interface SiteSpaceRow {
  id: string;
  site_id: string;
  section_id: string | null;
  space_id: string;
  path: string;
  condition: string | null;
  position: string;
  space: Space;
  /** Overrides of the site's customization (the official PATCH body, nulls removed); null = none. */
  customization: Record<string, unknown> | null;
  customization_updated_at: Date | null;
  created_at: Date;
}

/** Everything under a site, loaded at once (three queries) to build trees and check moves. */
export interface SiteStructureRows {
  groups: GroupRow[];
  sections: SectionRow[];
  siteSpaces: SiteSpaceRow[];
}
