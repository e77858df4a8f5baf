import { diff3Merge } from 'node-diff3';
import { stableStringify } from './content-hash';
import { CONFLICT, mergeValue } from './document-merge';
import { changedPageIds } from './tree-diff';
import { PAGE_META_FIELDS, type PageEntry, type PageMeta, PageTree, ROOT } from './page-tree';

export interface MergeConflict {
  pageId: string;
  title: string;
  reason: string;
}

/** Both sides changed the body of one page: the caller merges the documents. */
export interface DocumentToMerge {
  pageId: string;
  base: string | null;
  ours: string | null;
  theirs: string | null;
}

export interface TreeMergeResult {
  tree: PageTree;
  conflicts: MergeConflict[];
  documents: DocumentToMerge[];
}

/**
 * Three-way merge of page trees. `ours` is the side the result builds on (its unchanged subtrees
 * keep their stored nodes); `theirs` brings its changes relative to `base`. A page deleted on one
 * side and changed on the other, or a field changed differently on both sides, is a conflict.
 * Sibling order merges like lines of text; order clashes never fail a merge. Only the pages
 * theirs changed are visited (a Merkle diff against base), and the result is a copy-on-write fork
 * of ours, so the work grows with the change, not with the space.
 */
export function mergeTrees(base: PageTree, ours: PageTree, theirs: PageTree): TreeMergeResult {
  const result = ours.fork();
  const conflicts: MergeConflict[] = [];
  const documents: DocumentToMerge[] = [];
  const conflict = (page: PageEntry, reason: string) => conflicts.push({ pageId: page.id, title: page.meta.title, reason });
  // What theirs changed, so the rebuild below only revisits those sibling lists (work grows with the edit).
  const changes: Changes = { parents: new Set([ROOT]), placed: [], deleted: [] };

  for (const id of changedPageIds(base, theirs)) {
    const b = base.pages.get(id);
    const o = ours.pages.get(id);
    const t = theirs.pages.get(id);
    if (t && b && unchanged(b, t)) continue;
    if (!t) {
      if (!b || !o) continue; // deleted on both sides
      if (!unchanged(b, o)) conflict(o, 'deleted on one side and edited on the other');
      else {
        result.pages.delete(id);
        changes.parents.add(o.parent);
        changes.deleted.push(id);
      }
      continue;
    }
    if (!o) {
      if (b) conflict(t, 'deleted on one side and edited on the other');
      else place(result, { ...t, nodeHash: undefined }, undefined, changes);
      continue;
    }
    if (!b) {
      if (!unchanged(o, t)) conflict(o, 'added on both sides with different content');
      continue;
    }
    const merged = mergeEntry(b, o, t);
    if ('reason' in merged) conflict(o, merged.reason);
    else {
      if (merged.documentConflict) documents.push({ pageId: id, base: b.document, ours: o.document, theirs: t.document });
      place(result, merged.entry, o.parent, changes);
    }
  }
  if (conflicts.length === 0) rebuildChildren(result, base, ours, theirs, changes, conflicts);
  return { tree: result, conflicts, documents };
}

interface Changes {
  /** Parents whose sibling lists may differ from ours. */
  parents: Set<string>;
  /** Pages added or changed by theirs (their node is written again). */
  placed: string[];
  /** Pages theirs deleted. */
  deleted: string[];
}

function place(result: PageTree, entry: PageEntry, previousParent: string | undefined, changes: Changes): void {
  result.pages.set(entry.id, entry);
  changes.placed.push(entry.id);
  changes.parents.add(entry.id).add(entry.parent);
  if (previousParent !== undefined) changes.parents.add(previousParent);
}

function unchanged(a: PageEntry, b: PageEntry): boolean {
  if (a.parent !== b.parent) return false;
  if (a.nodeHash !== undefined && a.nodeHash === b.nodeHash) return true;
  return (
    a.type === b.type &&
    a.document === b.document &&
    PAGE_META_FIELDS.every((f) => stableStringify(a.meta[f]) === stableStringify(b.meta[f]))
  );
}

function mergeEntry(b: PageEntry, o: PageEntry, t: PageEntry): { entry: PageEntry; documentConflict: boolean } | { reason: string } {
  const meta = { ...o.meta } as Record<keyof PageMeta, unknown>;
  for (const field of PAGE_META_FIELDS) {
    const value = mergeValue(b.meta[field], o.meta[field], t.meta[field]);
    if (value === CONFLICT) return { reason: `"${field}" changed on both sides` };
    meta[field] = value;
  }
  const type = mergeValue(b.type, o.type, t.type);
  if (type === CONFLICT) return { reason: 'its type changed differently on both sides' };
  const parent = mergeValue(b.parent, o.parent, t.parent);
  if (parent === CONFLICT) return { reason: 'moved to different places on both sides' };
  const document = mergeValue(b.document, o.document, t.document);
  const updatedAt = o.meta.updatedAt > t.meta.updatedAt ? o.meta.updatedAt : t.meta.updatedAt;
  return {
    entry: {
      ...o,
      type,
      meta: { ...(meta as unknown as PageMeta), updatedAt },
      parent,
      document: document === CONFLICT ? o.document : document,
      nodeHash: undefined,
    },
    documentConflict: document === CONFLICT,
  };
}

/** Recomputes the sibling lists theirs touched, keeping the merged order, then checks the result. */
function rebuildChildren(
  result: PageTree,
  base: PageTree,
  ours: PageTree,
  theirs: PageTree,
  changes: Changes,
  conflicts: MergeConflict[],
): void {
  const orphan = (page: PageEntry) =>
    conflicts.push({ pageId: page.id, title: page.meta.title, reason: 'its parent page was deleted on the other side' });
  for (const id of changes.placed) {
    const page = result.pages.get(id)!;
    if (page.parent !== ROOT && !result.pages.has(page.parent)) orphan(page);
  }
  for (const id of changes.deleted) {
    for (const child of ours.children.get(id) ?? []) {
      const page = result.pages.get(child);
      if (page?.parent === id) orphan(page);
    }
    result.children.delete(id);
  }
  if (conflicts.length > 0) return;

  for (const parent of changes.parents) {
    if (parent !== ROOT && !result.pages.has(parent)) continue;
    const before = ours.children.get(parent) ?? [];
    const candidates = [...before, ...(theirs.children.get(parent) ?? []), ...changes.placed];
    const members = new Set(candidates.filter((id) => result.peek(id)?.parent === parent));
    const order = mergeOrder(base.children.get(parent) ?? [], before, theirs.children.get(parent) ?? []);
    const list = order.filter((id) => members.delete(id));
    list.push(...members); // pages that arrived here by a move the order merge did not see
    result.children.set(parent, list);
    if (parent !== ROOT && (before.length !== list.length || before.some((id, i) => list[i] !== id))) result.touch(parent);
  }
  for (const id of changes.placed) {
    if (hasCycle(result, id))
      conflicts.push({ pageId: id, title: result.pages.get(id)!.meta.title, reason: 'moves on both sides form a cycle' });
    else result.touch(id);
  }
  for (const parent of changes.parents) {
    const seen = new Map<string, string>();
    for (const id of result.children.get(parent) ?? []) {
      const page = result.peek(id)!;
      if (seen.has(page.meta.slug))
        conflicts.push({ pageId: id, title: page.meta.title, reason: `slug "${page.meta.slug}" is used by a sibling on the other side` });
      seen.set(page.meta.slug, id);
    }
  }
}

function mergeOrder(base: string[], ours: string[], theirs: string[]): string[] {
  const out: string[] = [];
  for (const region of diff3Merge(ours, base, theirs)) {
    if (region.ok) out.push(...region.ok);
    else if (region.conflict) out.push(...region.conflict.a, ...region.conflict.b);
  }
  return [...new Set(out)];
}

function hasCycle(tree: PageTree, id: string): boolean {
  let current = tree.peek(id)?.parent;
  for (let steps = 0; current && current !== ROOT; steps++) {
    if (current === id || steps > tree.pages.size) return true;
    current = tree.peek(current)?.parent;
  }
  return false;
}
