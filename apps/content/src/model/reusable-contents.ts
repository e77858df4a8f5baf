import type { ContentChange, JsonDocument, ReusableContentChange } from '@bindery/contracts';
import { badRequest, notFound } from '@bindery/platform';
import { stableStringify } from './content-hash';
import { CONFLICT, mergeDocuments, mergeValue } from './document-merge';

/**
 * A reusable content as a revision holds it: its body is a content hash in the documents table
 * (null: empty), so revisions and spaces using one body store it once, and a revision copies
 * only these few fields per reusable content.
 */
export interface StoredReusableContent {
  id: string;
  title: string;
  document: string | null;
}

export const isReusableChange = (change: ContentChange): change is ReusableContentChange =>
  change.operation === 'insert_reusable_content' ||
  change.operation === 'update_reusable_content' ||
  change.operation === 'delete_reusable_content';

/** A reusable content change with its body already in the pool (`documentHash` undefined keeps the body). */
export interface PreparedReusableChange {
  change: ReusableContentChange;
  /** Id given to the reusable content of an `insert_reusable_content`. */
  id?: string;
  documentHash?: string | null;
  /** `changes[i]`: where errors point. */
  field: string;
}

export type ReusableOutcome = { kind: 'created'; id: string; ref?: string } | { kind: 'updated' | 'deleted'; id: string };

/**
 * Applies a batch's reusable content changes, in order, to a copy of `list`. Unknown ids are a 404
 * naming the change; nothing is applied when one fails (the caller writes only the returned list).
 */
export function applyReusableChanges(
  list: readonly StoredReusableContent[],
  changes: PreparedReusableChange[],
): { list: StoredReusableContent[]; outcomes: ReusableOutcome[] } {
  const out = list.map((item) => ({ ...item }));
  const outcomes: ReusableOutcome[] = [];
  const find = (id: string, field: string): number => {
    const index = out.findIndex((item) => item.id === id);
    if (index < 0) throw notFound(`${field}.reusableContent: no reusable content "${id}" in this change request`);
    return index;
  };
  for (const { change, id, documentHash, field } of changes) {
    if (change.operation === 'insert_reusable_content') {
      if (!change.title.trim()) throw badRequest(`${field}.title: a reusable content needs a title`);
      out.push({ id: id!, title: change.title, document: documentHash ?? null });
      outcomes.push({ kind: 'created', id: id!, ...(change.ref !== undefined ? { ref: change.ref } : {}) });
    } else if (change.operation === 'update_reusable_content') {
      const item = out[find(change.reusableContent, field)];
      if (change.title !== undefined) item.title = change.title;
      if (documentHash !== undefined) item.document = documentHash;
      outcomes.push({ kind: 'updated', id: item.id });
    } else {
      out.splice(find(change.reusableContent, field), 1);
      outcomes.push({ kind: 'deleted', id: change.reusableContent });
    }
  }
  return { list: out, outcomes };
}

export interface ReusableConflict {
  reusableContentId: string;
  title: string;
  reason: string;
}

/** The bodies a three-way merge of one reusable content needs, by hash (null: empty). */
export type LoadBody = (hash: string | null) => Promise<JsonDocument>;

/**
 * Three-way merge of two reusable content lists against their base, like page bodies: a side that
 * left one as it was takes the other side's version (its deletion included); both sides changing
 * its body merge block by block (`mergeDocuments`), its title like a page field. Order: ours, then
 * the ones only theirs added. Merged bodies are returned for the caller to store.
 */
export async function mergeReusableContents(
  base: readonly StoredReusableContent[],
  ours: readonly StoredReusableContent[],
  theirs: readonly StoredReusableContent[],
  load: LoadBody,
  hashOf: (document: JsonDocument) => string | null,
): Promise<{ list: StoredReusableContent[]; conflicts: ReusableConflict[]; documents: JsonDocument[] }> {
  const byId = (list: readonly StoredReusableContent[]) => new Map(list.map((item) => [item.id, item]));
  const [b, o, t] = [byId(base), byId(ours), byId(theirs)];
  const list: StoredReusableContent[] = [];
  const conflicts: ReusableConflict[] = [];
  const documents: JsonDocument[] = [];
  for (const id of new Set([...o.keys(), ...t.keys(), ...b.keys()])) {
    const [bi, oi, ti] = [b.get(id), o.get(id), t.get(id)];
    if (same(oi, ti) || same(ti, bi)) {
      if (oi) list.push(oi);
      continue;
    }
    if (same(oi, bi)) {
      if (ti) list.push(ti);
      continue;
    }
    const named = (oi ?? ti ?? bi)!;
    if (!oi || !ti) {
      conflicts.push({ reusableContentId: id, title: named.title, reason: 'it was deleted on one side and changed on the other' });
      continue;
    }
    const title = mergeValue(bi?.title ?? oi.title, oi.title, ti.title);
    if (title === CONFLICT) {
      conflicts.push({ reusableContentId: id, title: named.title, reason: 'its title was changed on both sides' });
      continue;
    }
    let document = oi.document;
    if (oi.document !== ti.document) {
      const bodies = [];
      for (const hash of [bi?.document ?? null, oi.document, ti.document]) bodies.push(await load(hash));
      const merged = mergeDocuments(bodies[0], bodies[1], bodies[2]);
      if (!merged.ok) {
        conflicts.push({ reusableContentId: id, title: named.title, reason: 'the same part of its content was edited on both sides' });
        continue;
      }
      document = hashOf(merged.document);
      if (document !== null) documents.push(merged.document);
    }
    list.push({ id, title, document });
  }
  return { list, conflicts, documents };
}

function same(a: StoredReusableContent | undefined, b: StoredReusableContent | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return stableStringify(a) === stableStringify(b);
}
