import { diff3Merge } from 'node-diff3';
import { stableStringify } from './content-hash';
import { CONFLICT, mergeValue } from './document-merge';
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
 * Sibling order merges like lines of text; order clashes never fail a merge.
 */
export function mergeTrees(base: PageTree, ours: PageTree, theirs: PageTree): TreeMergeResult {
  const result = ours.clone();
  const conflicts: MergeConflict[] = [];
  const documents: DocumentToMerge[] = [];
  const conflict = (page: PageEntry, reason: string) => conflicts.push({ pageId: page.id, title: page.meta.title, reason });

  const ids = new Set([...base.pages.keys(), ...ours.pages.keys(), ...theirs.pages.keys()]);
  for (const id of ids) {
    const b = base.pages.get(id);
    const o = ours.pages.get(id);
    const t = theirs.pages.get(id);
    if (t && b && unchanged(b, t)) continue;
    if (!t) {
      if (!b || !o) continue; // added and removed on our side only, or deleted on both sides
      if (!unchanged(b, o)) conflict(o, 'deleted on one side and edited on the other');
      else result.pages.delete(id);
      continue;
    }
    if (!o) {
      if (b) conflict(t, 'deleted on one side and edited on the other');
      else result.pages.set(id, { ...t, nodeHash: undefined });
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
      result.pages.set(id, merged.entry);
    }
  }
  if (conflicts.length === 0) rebuildChildren(result, base, ours, theirs, conflicts);
  return { tree: result, conflicts, documents };
}

function unchanged(a: PageEntry, b: PageEntry): boolean {
  if (a.parent !== b.parent) return false;
  if (a.nodeHash !== undefined && a.nodeHash === b.nodeHash) return true;
  return a.document === b.document && PAGE_META_FIELDS.every((f) => stableStringify(a.meta[f]) === stableStringify(b.meta[f]));
}

function mergeEntry(b: PageEntry, o: PageEntry, t: PageEntry): { entry: PageEntry; documentConflict: boolean } | { reason: string } {
  const meta = { ...o.meta } as Record<keyof PageMeta, unknown>;
  for (const field of PAGE_META_FIELDS) {
    const value = mergeValue(b.meta[field], o.meta[field], t.meta[field]);
    if (value === CONFLICT) return { reason: `"${field}" changed on both sides` };
    meta[field] = value;
  }
  const parent = mergeValue(b.parent, o.parent, t.parent);
  if (parent === CONFLICT) return { reason: 'moved to different places on both sides' };
  const document = mergeValue(b.document, o.document, t.document);
  const updatedAt = o.meta.updatedAt > t.meta.updatedAt ? o.meta.updatedAt : t.meta.updatedAt;
  return {
    entry: {
      ...o,
      meta: { ...(meta as unknown as PageMeta), updatedAt },
      parent,
      document: document === CONFLICT ? o.document : document,
      nodeHash: undefined,
    },
    documentConflict: document === CONFLICT,
  };
}

/** Recomputes every sibling list from the merged parents, keeping the merged order. */
function rebuildChildren(result: PageTree, base: PageTree, ours: PageTree, theirs: PageTree, conflicts: MergeConflict[]): void {
  const byParent = new Map<string, string[]>();
  for (const page of result.pages.values()) {
    if (page.parent !== ROOT && !result.pages.has(page.parent)) {
      conflicts.push({ pageId: page.id, title: page.meta.title, reason: 'its parent page was deleted on the other side' });
      continue;
    }
    let list = byParent.get(page.parent);
    if (!list) byParent.set(page.parent, (list = []));
    list.push(page.id);
  }
  if (conflicts.length > 0) return;

  const parents = new Set([ROOT, ...byParent.keys(), ...ours.children.keys()]);
  result.children.clear();
  for (const parent of parents) {
    if (parent !== ROOT && !result.pages.has(parent)) continue;
    const members = new Set(byParent.get(parent) ?? []);
    const order = mergeOrder(base.children.get(parent) ?? [], ours.children.get(parent) ?? [], theirs.children.get(parent) ?? []);
    const list = order.filter((id) => members.delete(id));
    list.push(...members); // pages that arrived here by a move the order merge did not see
    result.children.set(parent, list);
    const before = ours.children.get(parent) ?? [];
    if (parent !== ROOT && (before.length !== list.length || before.some((id, i) => list[i] !== id))) result.touch(parent);
  }
  for (const page of result.pages.values()) {
    if (page.nodeHash === undefined) result.touch(page.id);
    if (hasCycle(result, page.id)) conflicts.push({ pageId: page.id, title: page.meta.title, reason: 'moves on both sides form a cycle' });
  }
  for (const [, list] of result.children) {
    const seen = new Map<string, string>();
    for (const id of list) {
      const page = result.pages.get(id)!;
      if (seen.has(page.meta.slug)) conflicts.push({ pageId: id, title: page.meta.title, reason: `slug "${page.meta.slug}" is used by a sibling on the other side` });
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
  let current = tree.pages.get(id)?.parent;
  for (let steps = 0; current && current !== ROOT; steps++) {
    if (current === id || steps > tree.pages.size) return true;
    current = tree.pages.get(current)?.parent;
  }
  return false;
}
