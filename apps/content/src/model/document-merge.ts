import type { JsonDocument } from '@bindery/contracts';
import { diff3Merge } from 'node-diff3';
import { stableStringify } from './content-hash';

export type DocumentMergeResult = { ok: true; document: JsonDocument } | { ok: false };

/**
 * Three-way merge of two edits of one page body, block by block: edits to different top-level
 * blocks combine; the same block changed differently on both sides is a conflict.
 */
export function mergeDocuments(base: JsonDocument, ours: JsonDocument, theirs: JsonDocument): DocumentMergeResult {
  const encode = (doc: JsonDocument) => doc.nodes.map((node) => stableStringify(node));
  const byKey = new Map<string, Record<string, unknown>>();
  for (const doc of [base, ours, theirs]) for (const node of doc.nodes) byKey.set(stableStringify(node), node);

  const regions = diff3Merge(encode(ours), encode(base), encode(theirs), { excludeFalseConflicts: true });
  const merged: string[] = [];
  for (const region of regions) {
    if (region.conflict) return { ok: false };
    merged.push(...(region.ok ?? []));
  }
  const data = mergeValue(base.data, ours.data, theirs.data);
  if (data === CONFLICT) return { ok: false };
  return { ok: true, document: { object: 'document', data, nodes: merged.map((key) => byKey.get(key)!) } };
}

export const CONFLICT = Symbol('conflict');

/** Three-way merge of one value: a side that did not change it yields to the side that did. */
export function mergeValue<T>(base: T, ours: T, theirs: T): T | typeof CONFLICT {
  const [b, o, t] = [stableStringify(base), stableStringify(ours), stableStringify(theirs)];
  if (o === t || t === b) return ours;
  if (o === b) return theirs;
  return CONFLICT;
}
