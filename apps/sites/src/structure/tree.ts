import type { SiteSection, SiteSectionGroup, SiteSpace } from '@bindery/contracts';
import { byPosition } from './position';
import type { GroupRow, SectionRow, SiteRow, SiteSpaceRow, SiteStructureRows } from './rows';

/**
 * A site's structure in memory: children by parent in order, the defaults, and the wire objects
 * of site spaces, sections and groups. Built from the three row lists of a site; `visible` (a
 * visitor's conditions) leaves items out, and `siteUrl` (undefined when not published for this
 * reader) gives the published URLs.
 */
export class SiteTree {
  /** Root-level and group children: sections and groups mixed, by position. */
  readonly childrenOf = new Map<string | null, Array<{ kind: 'section'; row: SectionRow } | { kind: 'group'; row: GroupRow }>>();
  /** Site spaces of each section (null: the root, for a site without sections), by position. */
  readonly spacesOf = new Map<string | null, SiteSpaceRow[]>();
  readonly sections = new Map<string, SectionRow>();
  readonly groups = new Map<string, GroupRow>();
  readonly siteSpaces = new Map<string, SiteSpaceRow>();

  constructor(
    readonly site: SiteRow,
    rows: SiteStructureRows,
    private readonly siteUrl?: string,
    private readonly visible: (condition: string | null) => boolean = () => true,
  ) {
    for (const g of rows.groups) this.groups.set(g.id, g);
    for (const s of rows.sections) this.sections.set(s.id, s);
    for (const ss of rows.siteSpaces) this.siteSpaces.set(ss.id, ss);
    for (const g of rows.groups) push(this.childrenOf, g.parent_id, { kind: 'group' as const, row: g });
    for (const s of rows.sections) push(this.childrenOf, s.group_id, { kind: 'section' as const, row: s });
    for (const ss of rows.siteSpaces) push(this.spacesOf, ss.section_id, ss);
    for (const list of this.childrenOf.values()) list.sort((a, b) => byPosition(a.row, b.row));
    for (const list of this.spacesOf.values()) list.sort(byPosition);
  }

  get hasSections(): boolean {
    return this.sections.size > 0;
  }

  /** Sections in the order a reader meets them (depth first through groups). */
  orderedSections(parent: string | null = null, out: SectionRow[] = []): SectionRow[] {
    for (const child of this.childrenOf.get(parent) ?? []) {
      if (child.kind === 'section') out.push(child.row);
      else this.orderedSections(child.row.id, out);
    }
    return out;
  }

  orderedGroups(parent: string | null = null, out: GroupRow[] = []): GroupRow[] {
    for (const child of this.childrenOf.get(parent) ?? []) {
      if (child.kind === 'group') {
        out.push(child.row);
        this.orderedGroups(child.row.id, out);
      }
    }
    return out;
  }

  /** Site spaces in reading order (section by section). */
  orderedSiteSpaces(): SiteSpaceRow[] {
    if (!this.hasSections) return this.spacesOf.get(null) ?? [];
    return [...(this.spacesOf.get(null) ?? []), ...this.orderedSections().flatMap((s) => this.spacesOf.get(s.id) ?? [])];
  }

  /** The default section: the one the site names, else the first. */
  defaultSectionId(): string | undefined {
    if (this.defaultSection === undefined) this.defaultSection = this.findDefaultSection() ?? null;
    return this.defaultSection ?? undefined;
  }
  private defaultSection?: string | null;
  private readonly defaultSpaces = new Map<string | null, string | null>();

  private findDefaultSection(): string | undefined {
    const named = this.site.default_site_section_id;
    if (named && this.sections.has(named)) return named;
    return this.orderedSections()[0]?.id;
  }

  /** The default site space of a section (or of the root): the one named, else the first. */
  defaultSiteSpaceId(sectionId: string | null): string | undefined {
    if (!this.defaultSpaces.has(sectionId)) this.defaultSpaces.set(sectionId, this.findDefaultSiteSpace(sectionId) ?? null);
    return this.defaultSpaces.get(sectionId) ?? undefined;
  }

  private findDefaultSiteSpace(sectionId: string | null): string | undefined {
    const list = this.spacesOf.get(sectionId) ?? [];
    const named = sectionId === null ? this.site.default_site_space_id : this.sections.get(sectionId)?.default_site_space_id;
    if (named && list.some((ss) => ss.id === named)) return named;
    return list[0]?.id;
  }

  /** Whether a group is `ancestorId` or nested (at any depth) in it. */
  isWithin(groupId: string | null, ancestorId: string): boolean {
    for (let at = groupId, hops = 0; at !== null && hops <= this.groups.size; hops++) {
      if (at === ancestorId) return true;
      at = this.groups.get(at)?.parent_id ?? null;
    }
    return false;
  }

  private sectionUrl(section: SectionRow): string | undefined {
    if (!this.siteUrl) return undefined;
    return section.id === this.defaultSectionId() ? this.siteUrl : `${this.siteUrl}/${encodeURIComponent(section.path)}`;
  }

  siteSpaceWire(row: SiteSpaceRow): SiteSpace {
    const isDefault = row.id === this.defaultSiteSpaceId(row.section_id);
    const section = row.section_id ? this.sections.get(row.section_id) : undefined;
    const base = section ? this.sectionUrl(section) : this.siteUrl;
    const published = base && (isDefault ? base : `${base}/${encodeURIComponent(row.path)}`);
    return {
      object: 'site-space',
      id: row.id,
      path: row.path,
      ...(row.section_id ? { section: row.section_id } : {}),
      space: row.space,
      title: row.space.title,
      default: isDefault,
      ...(row.condition ? { condition: row.condition } : {}),
      draft: false,
      hasAdvancedCustomizationFeature: false,
      urls: published ? { published } : {},
    };
  }

  sectionWire(row: SectionRow): SiteSection {
    const published = this.sectionUrl(row);
    return {
      object: 'site-section',
      id: row.id,
      title: row.title,
      ...(row.description !== null ? { description: row.description } : {}),
      default: row.id === this.defaultSectionId(),
      draft: false,
      path: row.path,
      ...(row.condition ? { condition: row.condition } : {}),
      ...(row.group_id ? { sectionGroup: row.group_id } : {}),
      siteSpaces: (this.spacesOf.get(row.id) ?? []).filter((ss) => this.visible(ss.condition)).map((ss) => this.siteSpaceWire(ss)),
      urls: published ? { published } : {},
      ...(row.icon ? { icon: row.icon } : {}),
    };
  }

  groupWire(row: GroupRow): SiteSectionGroup {
    const children = this.childrenWire(row.id);
    return {
      object: 'site-section-group',
      id: row.id,
      title: row.title,
      ...(row.parent_id ? { sectionGroup: row.parent_id } : {}),
      draft: false,
      sections: children.filter((c): c is SiteSection => c.object === 'site-section'),
      children,
      ...(row.icon ? { icon: row.icon } : {}),
    };
  }

  /**
   * Children of a group (or the root) as wire objects, without the sections a visitor may not
   * see, and without groups left empty by that (a group the visitor sees nothing of is noise).
   */
  childrenWire(parent: string | null): Array<SiteSection | SiteSectionGroup> {
    const out: Array<SiteSection | SiteSectionGroup> = [];
    for (const child of this.childrenOf.get(parent) ?? []) {
      if (child.kind === 'section') {
        if (this.visible(child.row.condition)) out.push(this.sectionWire(child.row));
      } else {
        const group = this.groupWire(child.row);
        if (group.children.length > 0 || !this.filtering) out.push(group);
      }
    }
    return out;
  }

  /** The published structure: sections (and groups) when the site has sections, else its site spaces. */
  structureWire(): { type: 'sections'; structure: Array<SiteSection | SiteSectionGroup> } | { type: 'siteSpaces'; structure: SiteSpace[] } {
    if (this.hasSections) return { type: 'sections', structure: this.childrenWire(null) };
    return {
      type: 'siteSpaces',
      structure: (this.spacesOf.get(null) ?? []).filter((ss) => this.visible(ss.condition)).map((ss) => this.siteSpaceWire(ss)),
    };
  }

  /** Moves a section or group in memory (after a write), keeping sibling lists sorted. */
  relocate(id: string, kind: 'section' | 'group', parent: string | null, position: string): void {
    const row = kind === 'section' ? this.sections.get(id) : this.groups.get(id);
    if (!row) return;
    const from = kind === 'section' ? (row as SectionRow).group_id : (row as GroupRow).parent_id;
    const old = this.childrenOf.get(from) ?? [];
    const index = old.findIndex((c) => c.row.id === id);
    const [entry] =
      index >= 0 ? old.splice(index, 1) : [{ kind, row } as { kind: 'section'; row: SectionRow } | { kind: 'group'; row: GroupRow }];
    if (kind === 'section') (row as SectionRow).group_id = parent;
    else (row as GroupRow).parent_id = parent;
    row.position = position;
    push(this.childrenOf, parent, entry);
    this.childrenOf.get(parent)!.sort((a, b) => byPosition(a.row, b.row));
    this.defaultSection = undefined;
  }

  /** Sets a key in memory after a renumbering write. */
  setPosition(id: string, position: string): void {
    const row = this.sections.get(id) ?? this.groups.get(id);
    if (!row) return;
    row.position = position;
    const parent = 'group_id' in row ? row.group_id : row.parent_id;
    this.childrenOf.get(parent)?.sort((a, b) => byPosition(a.row, b.row));
  }

  /** True when conditions are applied (a published read for a visitor). */
  filtering = false;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
