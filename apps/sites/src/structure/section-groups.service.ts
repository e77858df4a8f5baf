import type {
  List,
  RequestContext,
  SectionGroupAddInput,
  SectionGroupListInput,
  SectionGroupMoveInput,
  SectionGroupRef,
  SectionGroupSectionInput,
  SectionGroupUpdateInput,
  SiteSectionGroup,
} from '@bindery/contracts';
import { badRequest, newId, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { offsetPage } from './offset-page';
import { anchorOf, parentOfNode, placeNode } from './placement';
import { positionAfterAll } from './position';
import { SiteWriter } from './site-writer';
import { StructureRepository } from './structure.repository';
import type { SiteTree } from './tree';

/** Section groups: named groups of sections (and of other groups) in a site's navigation. */
@Injectable()
export class SectionGroupsService {
  constructor(
    private readonly writer: SiteWriter,
    private readonly structure: StructureRepository,
  ) {}

  async list(ctx: RequestContext, input: SectionGroupListInput): Promise<List<SiteSectionGroup>> {
    const { tree } = await this.writer.view(ctx, input.organizationId, input.siteId);
    return offsetPage(input, tree.orderedGroups(), (row) => tree.groupWire(row));
  }

  async add(ctx: RequestContext, input: SectionGroupAddInput): Promise<SiteSectionGroup> {
    const id = newId();
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ site, tree, manager }) => {
      const parent = input.parent ?? null;
      if (parent !== null && !tree.groups.has(parent)) throw badRequest(`parent: ${parent} is not a section group of this site`);
      for (const [i, sectionId] of (input.sections ?? []).entries())
        if (!tree.sections.has(sectionId)) throw badRequest(`sections[${i}]: ${sectionId} is not a section of this site`);
      const position = positionAfterAll((tree.childrenOf.get(parent) ?? []).map((c) => c.row));
      await this.structure.insertGroup(manager, {
        id,
        site_id: site.id,
        parent_id: parent,
        title: input.title,
        icon: input.icon ?? null,
        position,
      });
      let last: string | null = null;
      for (const sectionId of new Set(input.sections ?? [])) {
        last = positionAfterAll(last === null ? [] : [{ id: '', position: last }]);
        await this.structure.update(manager, 'site_sections', sectionId, { group_id: id, position: last });
      }
    });
    return this.answer(ctx, input.organizationId, input.siteId, id);
  }

  /** Title and icon; `parentSectionGroupId` (official) moves the group under another one (null: the root). */
  async update(ctx: RequestContext, input: SectionGroupUpdateInput): Promise<SiteSectionGroup> {
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ tree, manager }) => {
      const row = requireGroup(tree, input.siteSectionGroupId);
      await this.structure.update(manager, 'site_section_groups', row.id, { title: input.title, icon: input.icon });
      if (input.parentSectionGroupId !== undefined && input.parentSectionGroupId !== row.parent_id) {
        const parent = input.parentSectionGroupId;
        if (parent !== null && !tree.groups.has(parent))
          throw badRequest(`parentSectionGroupId: ${parent} is not a section group of this site`);
        if (parent !== null && tree.isWithin(parent, row.id)) throw badRequest('parentSectionGroupId: a group cannot be nested in itself');
        const position = await placeNode(this.structure, manager, tree, parent, row.id, undefined);
        await this.structure.update(manager, 'site_section_groups', row.id, { parent_id: parent, position });
      }
    });
    return this.answer(ctx, input.organizationId, input.siteId, input.siteSectionGroupId);
  }

  /** Deletes a group; its sections and groups move up to its parent, in their order, where it was. */
  async delete(ctx: RequestContext, input: SectionGroupRef): Promise<void> {
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ tree, manager }) => {
      const row = tree.groups.get(input.siteSectionGroupId);
      if (!row) return;
      for (const child of [...(tree.childrenOf.get(row.id) ?? [])].reverse()) {
        await this.reparent(manager, tree, child.row.id, child.kind, row.parent_id, { id: row.id, side: 'after' });
      }
      await this.structure.delete(manager, 'site_section_groups', input.siteId, row.id);
    });
  }

  /** Moves a group before or after another section or group, into that item's parent group. */
  async move(ctx: RequestContext, input: SectionGroupMoveInput): Promise<SiteSectionGroup> {
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ tree, manager }) => {
      const row = requireGroup(tree, input.siteSectionGroupId);
      const anchor = anchorOf(input.position);
      if (anchor?.id === row.id) throw badRequest('position: a group cannot be moved next to itself');
      const parent = anchor ? parentOfNode(tree, anchor.id) : row.parent_id;
      if (parent === undefined) throw badRequest(`position: ${anchor!.id} is not a section or group of this site`);
      if (parent !== null && tree.isWithin(parent, row.id)) throw badRequest('position: a group cannot be moved inside itself');
      await this.reparent(manager, tree, row.id, 'group', parent, anchor);
    });
    return this.answer(ctx, input.organizationId, input.siteId, input.siteSectionGroupId);
  }

  /** Takes a section into the group, last. */
  async addSection(ctx: RequestContext, input: SectionGroupSectionInput): Promise<SiteSectionGroup> {
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ tree, manager }) => {
      const group = requireGroup(tree, input.siteSectionGroupId);
      if (!tree.sections.has(input.siteSectionId)) throw badRequest(`sectionId: ${input.siteSectionId} is not a section of this site`);
      if (tree.sections.get(input.siteSectionId)!.group_id === group.id) return;
      await this.reparent(manager, tree, input.siteSectionId, 'section', group.id, undefined);
    });
    return this.answer(ctx, input.organizationId, input.siteId, input.siteSectionGroupId);
  }

  /** Releases a section from the group: it goes to the group's parent, right after the group. */
  async removeSection(ctx: RequestContext, input: SectionGroupSectionInput): Promise<void> {
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ tree, manager }) => {
      const group = tree.groups.get(input.siteSectionGroupId);
      const section = tree.sections.get(input.siteSectionId);
      if (!group || section?.group_id !== group.id) return;
      await this.reparent(manager, tree, section.id, 'section', group.parent_id, { id: group.id, side: 'after' });
    });
  }

  /** Puts a section or group under `parent` at the anchor, and updates the tree in memory for the next step. */
  private async reparent(
    manager: EntityManager,
    tree: SiteTree,
    id: string,
    kind: 'section' | 'group',
    parent: string | null,
    anchor: { id: string; side: 'before' | 'after' } | undefined,
  ): Promise<void> {
    const position = await placeNode(this.structure, manager, tree, parent, id, anchor);
    if (kind === 'section') {
      await this.structure.update(manager, 'site_sections', id, { group_id: parent, position });
    } else {
      await this.structure.update(manager, 'site_section_groups', id, { parent_id: parent, position });
    }
    tree.relocate(id, kind, parent, position);
  }

  async answer(ctx: RequestContext, organizationId: string, siteId: string, groupId: string): Promise<SiteSectionGroup> {
    const { tree } = await this.writer.view(ctx, organizationId, siteId);
    return tree.groupWire(requireGroup(tree, groupId));
  }
}

export function requireGroup(tree: SiteTree, id: string) {
  const row = tree.groups.get(id);
  if (!row) throw notFound(`Site section group ${id} not found`);
  return row;
}
