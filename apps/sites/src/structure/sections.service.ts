import type {
  List,
  RequestContext,
  SectionAddInput,
  SectionListInput,
  SectionMoveInput,
  SectionRef,
  SectionUpdateInput,
  SiteSection,
} from '@bindery/contracts';
import { badRequest, callerId, conflict, newId, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { conditionValue } from '../adaptive/condition-input';
import { offsetPage } from './offset-page';
import { anchorOf, parentOfNode, placeNode } from './placement';
import { positionAfterAll } from './position';
import { SiteWriter } from './site-writer';
import { SpaceLookup, slugOf, uniquePath } from './space-lookup';
import { StructureRepository } from './structure.repository';
import type { SiteTree } from './tree';

/** Sections of a site: each holds site spaces (variants); they sit at the root or in section groups. */
@Injectable()
export class SectionsService {
  constructor(
    private readonly writer: SiteWriter,
    private readonly structure: StructureRepository,
    private readonly spaces: SpaceLookup,
  ) {}

  async list(ctx: RequestContext, input: SectionListInput): Promise<List<SiteSection>> {
    const { tree } = await this.writer.view(ctx, input.organizationId, input.siteId, input.shareKey);
    return offsetPage(input, tree.orderedSections(), (row) => tree.sectionWire(row));
  }

  /**
   * Adds a section with the space as its first site space. The site's first section takes the
   * site spaces that were at the root, so none is left outside a section.
   */
  async add(ctx: RequestContext, input: SectionAddInput): Promise<SiteSection> {
    const space = await this.spaces.get(ctx, input.organizationId, input.spaceId);
    const id = newId();
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ site, tree, manager }) => {
      const groupId = input.siteSectionGroupId ?? null;
      if (groupId !== null && !tree.groups.has(groupId))
        throw badRequest(`siteSectionGroupId: ${groupId} is not a section group of this site`);
      const title = input.title ?? (space.title.length >= 2 ? space.title.slice(0, 128) : 'Untitled section');
      const position = positionAfterAll((tree.childrenOf.get(groupId) ?? []).map((c) => c.row));
      await this.structure.insertSection(manager, {
        id,
        site_id: site.id,
        group_id: groupId,
        title,
        description: null,
        icon: input.icon ?? null,
        path: uniquePath(slugOf(title, 'section'), new Set([...tree.sections.values()].map((s) => s.path))),
        condition: null,
        default_site_space_id: null,
        position,
      });
      const rootSpaces = tree.hasSections ? [] : (tree.spacesOf.get(null) ?? []);
      for (const row of rootSpaces) await this.structure.update(manager, 'site_spaces', row.id, { section_id: id });
      const taken = new Set(rootSpaces.map((r) => r.path));
      await this.structure.insertSiteSpace(manager, {
        id: newId(),
        site_id: site.id,
        section_id: id,
        space_id: space.id,
        path: uniquePath(slugOf(space.title, 'space'), taken),
        condition: null,
        position: positionAfterAll(rootSpaces),
        space,
        added_by: callerId(ctx),
      });
    });
    return this.answer(ctx, input.organizationId, input.siteId, id);
  }

  async update(ctx: RequestContext, input: SectionUpdateInput): Promise<SiteSection> {
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ tree, manager }) => {
      const row = requireSection(tree, input.siteSectionId);
      if (input.path !== undefined && [...tree.sections.values()].some((s) => s.id !== row.id && s.path === input.path))
        throw conflict(`path: "${input.path}" is already used by another section of this site`);
      if (input.defaultSiteSpace !== undefined && tree.siteSpaces.get(input.defaultSiteSpace)?.section_id !== row.id)
        throw badRequest(`defaultSiteSpace: ${input.defaultSiteSpace} is not a site space of this section`);
      await this.structure.update(manager, 'site_sections', row.id, {
        title: input.title,
        path: input.path,
        default_site_space_id: input.defaultSiteSpace,
        condition: conditionValue(input.condition),
        icon: input.icon,
        description: input.description,
      });
    });
    return this.answer(ctx, input.organizationId, input.siteId, input.siteSectionId);
  }

  async delete(ctx: RequestContext, input: SectionRef): Promise<void> {
    await this.writer.change(ctx, input.organizationId, input.siteId, ({ manager }) =>
      this.structure.delete(manager, 'site_sections', input.siteId, input.siteSectionId),
    );
  }

  /** Moves a section before or after another section or group of the site, into that item's group. */
  async move(ctx: RequestContext, input: SectionMoveInput): Promise<SiteSection> {
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ tree, manager }) => {
      const row = requireSection(tree, input.siteSectionId);
      const anchor = anchorOf(input.position);
      if (anchor?.id === row.id) throw badRequest('position: a section cannot be moved next to itself');
      const parent = anchor ? parentOfNode(tree, anchor.id) : row.group_id;
      if (parent === undefined) throw badRequest(`position: ${anchor!.id} is not a section or group of this site`);
      const position = await placeNode(this.structure, manager, tree, parent, row.id, anchor);
      await this.structure.update(manager, 'site_sections', row.id, { group_id: parent, position });
      tree.relocate(row.id, 'section', parent, position);
    });
    return this.answer(ctx, input.organizationId, input.siteId, input.siteSectionId);
  }

  async answer(ctx: RequestContext, organizationId: string, siteId: string, sectionId: string): Promise<SiteSection> {
    const { tree } = await this.writer.view(ctx, organizationId, siteId);
    return tree.sectionWire(requireSection(tree, sectionId));
  }
}

export function requireSection(tree: SiteTree, id: string) {
  const row = tree.sections.get(id);
  if (!row) throw notFound(`Site section ${id} not found`);
  return row;
}
