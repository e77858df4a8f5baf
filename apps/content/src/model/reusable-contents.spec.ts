import type { JsonDocument } from '@bindery/contracts';
import { contentHash } from './content-hash';
import { emptyDocument } from './page-tree';
import { applyReusableChanges, mergeReusableContents, type StoredReusableContent } from './reusable-contents';

const para = (key: string, text: string) => ({ object: 'block', type: 'paragraph', key, nodes: [{ object: 'text', leaves: [{ text }] }] });
const doc = (...nodes: Array<Record<string, unknown>>): JsonDocument => ({ object: 'document', data: {}, nodes });

/** Bodies by hash, as the store would answer. */
function bodies(...documents: JsonDocument[]) {
  const byHash = new Map(documents.map((d) => [contentHash(d), d]));
  return {
    load: (hash: string | null) => Promise.resolve(hash ? byHash.get(hash)! : emptyDocument()),
    hashOf: (d: JsonDocument) => (d.nodes.length > 0 ? contentHash(d) : null),
  };
}

describe('reusable contents', () => {
  it('applies inserts, updates and deletes in order, and refuses unknown ids without changing the list', () => {
    const list: StoredReusableContent[] = [{ id: 'a', title: 'A', document: null }];
    const { list: out, outcomes } = applyReusableChanges(list, [
      { change: { operation: 'insert_reusable_content', title: 'B', ref: 'b' }, id: 'b', documentHash: 'h1', field: 'changes[0]' },
      { change: { operation: 'update_reusable_content', reusableContent: 'a', title: 'A2' }, field: 'changes[1]' },
      { change: { operation: 'delete_reusable_content', reusableContent: 'b' }, field: 'changes[2]' },
    ]);
    expect(out).toEqual([{ id: 'a', title: 'A2', document: null }]);
    expect(outcomes.map((o) => o.kind)).toEqual(['created', 'updated', 'deleted']);
    expect(list[0].title).toBe('A');
    expect(() =>
      applyReusableChanges(list, [{ change: { operation: 'delete_reusable_content', reusableContent: 'x' }, field: 'changes[4]' }]),
    ).toThrow(/changes\[4\]\.reusableContent/);
  });

  it('merges a title edited on one side with a body edited on the other, and blocks edited on both sides apart', async () => {
    // Edits a block apart (diff3 reads edits of adjacent blocks as one region).
    const base = doc(para('1', 'one'), para('2', 'two'), para('3', 'three'));
    const ours = doc(para('1', 'ONE'), para('2', 'two'), para('3', 'three'));
    const theirs = doc(para('1', 'one'), para('2', 'two'), para('3', 'THREE'));
    const result = doc(para('1', 'ONE'), para('2', 'two'), para('3', 'THREE'));
    const { load, hashOf } = bodies(base, ours, theirs);
    const at = (title: string, d: JsonDocument) => [{ id: 'r', title, document: contentHash(d) }];
    const merged = await mergeReusableContents(at('T', base), at('T', ours), at('New title', theirs), load, hashOf);
    expect(merged.conflicts).toEqual([]);
    expect(merged.list).toEqual([{ id: 'r', title: 'New title', document: contentHash(result) }]);
    expect(merged.documents).toEqual([result]);
  });

  it('reports a conflict for the same block edited on both sides, and for a deletion against an edit', async () => {
    const base = doc(para('1', 'one'));
    const ours = doc(para('1', 'left'));
    const theirs = doc(para('1', 'right'));
    const { load, hashOf } = bodies(base, ours, theirs);
    const at = (d: JsonDocument) => [{ id: 'r', title: 'T', document: contentHash(d) }];
    const both = await mergeReusableContents(at(base), at(ours), at(theirs), load, hashOf);
    expect(both.conflicts).toEqual([
      { reusableContentId: 'r', title: 'T', reason: 'the same part of its content was edited on both sides' },
    ]);
    const deleted = await mergeReusableContents(at(base), [], at(theirs), load, hashOf);
    expect(deleted.conflicts.map((c) => c.reason)).toEqual(['it was deleted on one side and changed on the other']);
    // Added on one side only, deleted on one side only: taken as they are.
    const added = await mergeReusableContents([], [], at(theirs), load, hashOf);
    expect(added).toMatchObject({ list: at(theirs), conflicts: [] });
    expect((await mergeReusableContents(at(base), at(base), [], load, hashOf)).list).toEqual([]);
  });
});
