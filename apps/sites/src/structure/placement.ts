import { badRequest } from '@bindery/platform';
import type { EntityManager } from 'typeorm';
import { placeAmong, positionAfterAll } from './position';
import type { StructureRepository } from './structure.repository';
import type { SiteTree } from './tree';

/** A sibling before or after which an item goes; none: last. */
export type Anchor = { id: string; side: 'before' | 'after' } | undefined;

export function anchorOf(position: { before?: string; after?: string } | undefined): Anchor {
  if (position?.before !== undefined && position.after !== undefined) throw badRequest('position: give either before or after, not both');
  if (position?.before !== undefined) return { id: position.before, side: 'before' };
  if (position?.after !== undefined) return { id: position.after, side: 'after' };
  return undefined;
}

/** The group a section or group anchor sits in (null: the root); undefined when it is not in the site. */
export function parentOfNode(tree: SiteTree, id: string): string | null | undefined {
  const section = tree.sections.get(id);
  if (section) return section.group_id;
  const group = tree.groups.get(id);
  return group ? group.parent_id : undefined;
}

/**
 * Places a section or group among the children of `parent` (sections and groups share one order),
 * writing the keys of whatever `placeAmong` rewrites. The moving item's own parent column is the
 * caller's business.
 */
export async function placeNode(
  repo: StructureRepository,
  manager: EntityManager,
  tree: SiteTree,
  parent: string | null,
  movingId: string,
  anchor: Anchor,
): Promise<string> {
  const siblings = (tree.childrenOf.get(parent) ?? []).map((c) => ({ id: c.row.id, position: c.row.position }));
  const rows =
    anchor || siblings.some((s) => s.id === movingId)
      ? placeAmong(siblings, movingId, anchor)
      : [{ id: movingId, position: positionAfterAll(siblings) }];
  if (!rows) throw badRequest('position: the item to move next to is not in this site');
  let own = '';
  for (const row of rows) {
    if (row.id === movingId) own = row.position;
    else {
      await repo.setPositions(manager, tree.sections.has(row.id) ? 'site_sections' : 'site_section_groups', [row]);
      tree.setPosition(row.id, row.position);
    }
  }
  return own;
}
