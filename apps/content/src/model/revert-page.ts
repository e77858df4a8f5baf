import { badRequest, notFound } from '@bindery/platform';
import type { DocumentPool } from './document-pool';
import { type PageEntry, type PageTree, ROOT } from './page-tree';
import { chooseSlug } from './slugs';

export type RevertOutcome = { kind: 'created' | 'updated' | 'deleted'; pageId: string };

/** Where a revert reads the earlier state from, and how errors name the change (`changes[i]`). */
export interface RevertTarget {
  tree: PageTree;
  revisionId: string;
  field: string;
}

/**
 * Reverts one whole page of `tree` to its state in `target.tree`:
 * - added since (absent there): removed; descendants that existed there go back to their places;
 * - deleted since (absent here): restored at its former position with its deleted subtree;
 * - present in both: metadata, body and position reset (its children are pages of their own).
 */
export function revertWholePage(tree: PageTree, pageId: string, target: RevertTarget, now: string): RevertOutcome[] {
  const { field } = target;
  const current = tree.pages.get(pageId);
  const earlier = target.tree.pages.get(pageId);
  if (!current && !earlier)
    throw notFound(`${field}.page: no page "${pageId}" in this change request or in revision "${target.revisionId}"`);
  if (!earlier) return removeAdded(tree, pageId, target);
  if (!current) return restoreDeleted(tree, earlier, target, now);

  current.meta = { ...earlier.meta, slug: current.meta.slug, updatedAt: now };
  current.type = earlier.type;
  current.document = earlier.document;
  placeLikeTarget(tree, pageId, target.tree);
  current.meta.slug = freeSlug(tree, current, earlier.meta.slug, field);
  tree.touch(pageId);
  return [{ kind: 'updated', pageId }];
}

function removeAdded(tree: PageTree, pageId: string, target: RevertTarget): RevertOutcome[] {
  const outcomes: RevertOutcome[] = [];
  // Pages that were moved under the added page existed before it: they return to their former
  // parent rather than being deleted with it, when that parent is still there.
  for (const id of descendantsOf(tree, pageId)) {
    const earlier = target.tree.pages.get(id);
    if (!earlier || !tree.isWithin(id, pageId) || tree.isWithin(earlier.parent, pageId) || !hasPlace(tree, earlier.parent)) continue;
    placeLikeTarget(tree, id, target.tree);
    const page = tree.pages.get(id)!;
    page.meta.slug = freeSlug(tree, page, page.meta.slug, target.field);
    outcomes.push({ kind: 'updated', pageId: id });
  }
  for (const id of tree.remove(pageId)) outcomes.push({ kind: 'deleted', pageId: id });
  return outcomes;
}

function restoreDeleted(tree: PageTree, earlier: PageEntry, target: RevertTarget, now: string): RevertOutcome[] {
  if (!hasPlace(tree, earlier.parent))
    throw badRequest(
      `${target.field}.page: its parent page "${earlier.parent}" is not in this change request; revert the parent page first`,
    );
  const outcomes: RevertOutcome[] = [];
  const restore = (source: PageEntry, index: number) => {
    const entry: PageEntry = { ...source, meta: { ...source.meta, updatedAt: now }, nodeHash: undefined };
    tree.insert(entry, index);
    entry.meta.slug = freeSlug(tree, entry, source.meta.slug, target.field);
    outcomes.push({ kind: 'created', pageId: source.id });
    // Its subpages were deleted with it; those that live on elsewhere in the change request stay there.
    for (const childId of target.tree.childrenOf(source.id)) {
      if (tree.pages.has(childId)) continue;
      restore(target.tree.pages.get(childId)!, tree.childrenOf(source.id).length);
    }
  };
  restore(earlier, indexLikeTarget(tree, earlier.id, earlier.parent, target.tree));
  return outcomes;
}

/**
 * Reverts the listed top-level blocks of a page's body to their state in the target revision:
 * an added block is removed, a deleted one restored, a modified or moved one reset, each at the
 * position its earlier neighbours give it. Other blocks and the page's metadata are untouched.
 */
export function revertBlocks(
  tree: PageTree,
  pageId: string,
  keys: string[],
  target: RevertTarget,
  documents: DocumentPool,
): RevertOutcome[] {
  const { field } = target;
  const page = tree.pages.get(pageId);
  if (!page) {
    if (target.tree.pages.has(pageId))
      throw badRequest(
        `${field}.block: page "${pageId}" is deleted in this change request; revert the whole page (without block) to restore it`,
      );
    throw notFound(`${field}.page: no page "${pageId}" in this change request`);
  }
  const earlierHash = target.tree.pages.get(pageId)?.document ?? null;
  const current = documents.get(page.document);
  const earlier = documents.get(earlierHash);
  const earlierByKey = new Map(earlier.nodes.map((node) => [node.key, node]));
  const currentKeys = new Set(current.nodes.map((node) => node.key));
  keys.forEach((key, index) => {
    if (!currentKeys.has(key) && !earlierByKey.has(key))
      throw notFound(`${field}.block[${index}]: no top-level block "${key}" in the page or in revision "${target.revisionId}"`);
  });

  const reverting = new Set(keys);
  const nodes = current.nodes.filter((node) => !reverting.has(node.key as string));
  const placed = new Set(nodes.map((node) => node.key));
  // Earlier order: each restored block goes right after the nearest block that precedes it there.
  earlier.nodes.forEach((node, index) => {
    if (!reverting.has(node.key as string)) return;
    let at = 0;
    for (let before = index - 1; before >= 0; before--) {
      const anchor = earlier.nodes[before].key;
      if (placed.has(anchor)) {
        at = nodes.findIndex((n) => n.key === anchor) + 1;
        break;
      }
    }
    nodes.splice(at, 0, node);
    placed.add(node.key);
  });
  page.document = documents.add({ ...current, nodes });
  tree.touch(pageId);
  return [{ kind: 'updated', pageId }];
}

/** Moves a page back under its parent in the target tree, among the siblings it had there. */
function placeLikeTarget(tree: PageTree, pageId: string, target: PageTree): void {
  const parent = target.pages.get(pageId)!.parent;
  // A page cannot go under itself; a parent gone from the change request leaves it where it is.
  if (!hasPlace(tree, parent) || tree.isWithin(parent, pageId)) return;
  const siblings = tree.childrenOf(tree.pages.get(pageId)!.parent);
  siblings.splice(siblings.indexOf(pageId), 1);
  tree.pages.get(pageId)!.parent = parent;
  tree.childrenOf(parent).splice(indexLikeTarget(tree, pageId, parent, target), 0, pageId);
  tree.touch(pageId);
}

/** Index under `parent` right after the nearest sibling that preceded the page in the target tree. */
function indexLikeTarget(tree: PageTree, pageId: string, parent: string, target: PageTree): number {
  const earlierSiblings = target.childrenOf(parent);
  const siblings = tree.childrenOf(parent);
  for (let i = earlierSiblings.indexOf(pageId) - 1; i >= 0; i--) {
    const at = siblings.indexOf(earlierSiblings[i]);
    if (at >= 0) return at + 1;
  }
  return 0;
}

const hasPlace = (tree: PageTree, parent: string): boolean => parent === ROOT || tree.pages.has(parent);

/** The page's former slug when no sibling took it meanwhile, else a numbered variant of it. */
function freeSlug(tree: PageTree, page: PageEntry, wanted: string, field: string): string {
  if (!tree.slugTaken(page.parent, wanted, page.id)) return wanted;
  return chooseSlug(tree, page.parent, undefined, wanted, `${field}.page`, page.id);
}

function descendantsOf(tree: PageTree, pageId: string): string[] {
  const out: string[] = [];
  const stack = [...tree.childrenOf(pageId)];
  while (stack.length > 0) {
    const id = stack.shift()!;
    out.push(id);
    stack.push(...tree.childrenOf(id));
  }
  return out;
}
