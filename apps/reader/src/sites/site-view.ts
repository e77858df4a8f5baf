// What one visitor sees of a site: sections and variants whose conditions hold, and which of them
// a URL path addresses. A hidden section or variant is simply absent, so its URLs are 404s like
// any unknown path (never a hint that something is there).
import { evaluateCondition, type VisitorContext } from '../access/conditions';
import type { PublishedSite, ReaderSection, ReaderSiteSpace } from './site-directory';

export interface VisibleStructure {
  sections: Array<ReaderSection & { siteSpaces: ReaderSiteSpace[] }>;
  /** Stable key of what is visible (ids), part of cache keys: two visitors who see the same structure share pages. */
  key: string;
}

export interface Addressed {
  section: ReaderSection;
  siteSpace: ReaderSiteSpace;
  /** URL prefix of the variant inside the site (`/guides/v2`, or '' for the defaults). */
  variantPrefix: string;
  /** What is left: the page path (may end in `.md`). */
  pagePath: string;
}

export function visibleStructure(site: PublishedSite, visitor: VisitorContext): VisibleStructure {
  const adaptive = site.adaptiveContent;
  const shown = <T extends { condition?: string }>(item: T): boolean => !adaptive || evaluateCondition(item.condition, visitor);
  const sections = site.sections.filter(shown).map((section) => ({ ...section, siteSpaces: section.siteSpaces.filter(shown) }));
  return structureOf({ sections });
}

/** The structure of a site as the directory answered it (already filtered for the visitor). */
export function structureOf(site: Pick<PublishedSite, 'sections'>): VisibleStructure {
  const sections = site.sections.filter((section) => section.siteSpaces.length > 0);
  const key = sections.map((s) => `${s.id}:${s.siteSpaces.map((v) => v.id).join(',')}`).join(';');
  return { sections, key };
}

/** Finds section, variant and page path of `segments` (the path after the site's prefix). */
export function address(structure: VisibleStructure, segments: string[]): Addressed | null {
  const { sections } = structure;
  if (sections.length === 0) return null;
  const defaultSection = sections.find((s) => s.default) ?? sections[0];
  let section = defaultSection;
  let rest = segments;
  const named = segments.length > 0 ? sections.find((s) => s !== defaultSection && s.path && s.path === segments[0]) : undefined;
  if (named) {
    section = named;
    rest = segments.slice(1);
  }
  const sectionPrefix = section === defaultSection ? '' : `/${section.path}`;
  const defaultVariant = section.siteSpaces.find((v) => v.default) ?? section.siteSpaces[0];
  let siteSpace = defaultVariant;
  const variant = rest.length > 0 ? section.siteSpaces.find((v) => v !== defaultVariant && v.path === rest[0]) : undefined;
  if (variant) {
    siteSpace = variant;
    rest = rest.slice(1);
  }
  const variantPrefix = `${sectionPrefix}${siteSpace === defaultVariant ? '' : `/${siteSpace.path}`}`;
  return { section, siteSpace, variantPrefix, pagePath: rest.join('/') };
}

/** URL prefix (inside the site) of a section's default variant, or of one variant. */
export function variantPrefix(structure: VisibleStructure, section: ReaderSection, siteSpace?: ReaderSiteSpace): string {
  const defaultSection = structure.sections.find((s) => s.default) ?? structure.sections[0];
  const sectionPrefix = section.id === defaultSection?.id ? '' : `/${section.path}`;
  const visible = structure.sections.find((s) => s.id === section.id);
  const defaultVariant = visible?.siteSpaces.find((v) => v.default) ?? visible?.siteSpaces[0];
  return `${sectionPrefix}${!siteSpace || siteSpace.id === defaultVariant?.id ? '' : `/${siteSpace.path}`}`;
}
