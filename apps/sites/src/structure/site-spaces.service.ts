import type {
  List,
  RequestContext,
  SiteSpace,
  SiteSpaceAddInput,
  SiteSpaceListInput,
  SiteSpaceMoveInput,
  SiteSpaceRef,
  SiteSpaceUpdateInput,
} from '@bindery/contracts';
import { badRequest, callerId, conflict, newId, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { conditionValue } from '../adaptive/condition-input';
import { offsetPage } from './offset-page';
import { anchorOf } from './placement';
import { placeAmong, positionAfterAll } from './position';
import { SiteWriter } from './site-writer';
import { SpaceLookup, slugOf, uniquePath } from './space-lookup';
import { StructureRepository } from './structure.repository';
import type { SiteTree } from './tree';

/** Site spaces: spaces published in a site, at its root or in a section. */
@Injectable()
export class SiteSpacesService {
  constructor(
    private readonly writer: SiteWriter,
    private readonly structure: StructureRepository,
    private readonly spaces: SpaceLookup,
  ) {}

  async list(ctx: RequestContext, input: SiteSpaceListInput): Promise<List<SiteSpace>> {
    const { tree } = await this.writer.view(ctx, input.organizationId, input.siteId, input.shareKey);
    let rows = tree.orderedSiteSpaces();
    if (input.default !== undefined) rows = rows.filter((r) => (r.id === tree.defaultSiteSpaceId(r.section_id)) === input.default);
    return offsetPage(input, rows, (row) => tree.siteSpaceWire(row));
  }

  async add(ctx: RequestContext, input: SiteSpaceAddInput): Promise<SiteSpace> {
    const space = await this.spaces.get(ctx, input.organizationId, input.spaceId);
    const id = newId();
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ tree, manager }) => {
      let sectionId: string | null;
      if (input.sectionId !== undefined) {
        if (!tree.sections.has(input.sectionId)) throw notFound(`sectionId: section ${input.sectionId} not found in this site`);
        sectionId = input.sectionId;
      } else {
        sectionId = tree.defaultSectionId() ?? null;
      }
      const siblings = tree.spacesOf.get(sectionId) ?? [];
      await this.structure.insertSiteSpace(manager, {
        id,
        site_id: input.siteId,
        section_id: sectionId,
        space_id: space.id,
        path: uniquePath(slugOf(space.title, 'space'), new Set(siblings.map((s) => s.path))),
        condition: null,
        position: positionAfterAll(siblings),
        space,
        added_by: callerId(ctx),
      });
    });
    return this.answer(ctx, input.organizationId, input.siteId, id);
  }

  async update(ctx: RequestContext, input: SiteSpaceUpdateInput): Promise<SiteSpace> {
    const space = input.spaceId !== undefined ? await this.spaces.get(ctx, input.organizationId, input.spaceId) : undefined;
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ tree, manager }) => {
      const row = requireSiteSpace(tree, input.siteSpaceId);
      if (input.path !== undefined && input.path !== row.path) {
        const siblings = tree.spacesOf.get(row.section_id) ?? [];
        if (siblings.some((s) => s.id !== row.id && s.path === input.path))
          throw conflict(`path: "${input.path}" is already used next to this site space`);
      }
      await this.structure.update(manager, 'site_spaces', row.id, { path: input.path, condition: conditionValue(input.condition) });
      if (space) await this.structure.setSpace(manager, row.id, space, callerId(ctx));
    });
    return this.answer(ctx, input.organizationId, input.siteId, input.siteSpaceId);
  }

  async delete(ctx: RequestContext, input: SiteSpaceRef): Promise<void> {
    await this.writer.change(ctx, input.organizationId, input.siteId, ({ manager }) =>
      this.structure.delete(manager, 'site_spaces', input.siteId, input.siteSpaceId),
    );
  }

  /** The deprecated move: before or after another site space of the same section (or root). */
  async move(ctx: RequestContext, input: SiteSpaceMoveInput): Promise<SiteSpace> {
    await this.writer.change(ctx, input.organizationId, input.siteId, async ({ tree, manager }) => {
      const row = requireSiteSpace(tree, input.siteSpaceId);
      const anchor = anchorOf(input.position);
      if (anchor?.id === row.id) throw badRequest('position: a site space cannot be moved next to itself');
      const siblings = tree.spacesOf.get(row.section_id) ?? [];
      const rows = placeAmong(siblings, row.id, anchor);
      if (!rows) throw badRequest(`position: site space ${anchor!.id} is not next to this one (same section of this site)`);
      await this.structure.setPositions(manager, 'site_spaces', rows);
    });
    return this.answer(ctx, input.organizationId, input.siteId, input.siteSpaceId);
  }

  async answer(ctx: RequestContext, organizationId: string, siteId: string, siteSpaceId: string): Promise<SiteSpace> {
    const { tree } = await this.writer.view(ctx, organizationId, siteId);
    return tree.siteSpaceWire(requireSiteSpace(tree, siteSpaceId));
  }
}

export function requireSiteSpace(tree: SiteTree, id: string) {
  const row = tree.siteSpaces.get(id);
  if (!row) throw notFound(`Site space ${id} not found`);
  return row;
}
