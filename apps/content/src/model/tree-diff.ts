import { type PageTree, ROOT } from './page-tree';

/**
 * Ids of the pages whose entry may differ between two trees: both are walked from the root, and
 * a child that has the same stored hash under the same parent on both sides is skipped with its
 * whole subtree (a Merkle diff). The work grows with the change, not with the tree. Pages without
 * a hash (changed and not stored yet) are always visited.
 *
 * The result is a superset: ancestors of a change are in it although only their hash moved.
 */
export function changedPageIds(a: PageTree, b: PageTree): Set<string> {
  const changed = new Set<string>();
  const pending = [ROOT];
  while (pending.length > 0) {
    const parent = pending.pop()!;
    const aChildren = a.children.get(parent) ?? [];
    const bChildren = b.children.get(parent) ?? [];
    const aHashes = new Map(aChildren.map((id) => [id, a.peek(id)?.nodeHash]));
    const same = new Set(bChildren.filter((id) => hashOf(b, id) !== undefined && aHashes.get(id) === hashOf(b, id)));
    for (const id of [...aChildren, ...bChildren]) {
      if (same.has(id) || changed.has(id)) continue;
      changed.add(id);
      pending.push(id);
    }
  }
  return changed;
}

const hashOf = (tree: PageTree, id: string): string | undefined => tree.peek(id)?.nodeHash;
