import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PageTree, ROOT } from '../../src/model/page-tree';
import { ContentStore } from '../../src/store/content-store';
import { scratchContentDataSource } from './scratch-content';

// How a revision's tree is found again (`ContentStore.snapshot`), over page nodes stored in a scratch schema.
let ds: DataSource;
let a: string;
let b: string;

const at = '2026-01-01T00:00:00.000Z';
const leaf = (id: string) => ({
  id,
  parent: ROOT,
  type: 'document' as const,
  document: null,
  meta: { title: id, slug: id, createdAt: at, updatedAt: at },
});

beforeAll(async () => {
  ds = await scratchContentDataSource('snapshots');
  const tree = new PageTree();
  tree.insert(leaf('a'));
  tree.insert(leaf('b'));
  [a, b] = await ds.transaction((manager) => new ContentStore(ds).saveTree(manager, tree));
});

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
});

describe('ContentStore.snapshot', () => {
  it('joins a list of top-level hashes into its key once, however often that list (a cached revision row) is read', async () => {
    const store = new ContentStore(ds);
    const pages = [a, b];
    const join = vi.spyOn(pages, 'join');
    const first = await store.snapshot(pages);
    expect(await store.snapshot(pages)).toBe(first);
    expect(await store.snapshot(pages)).toBe(first);
    expect(join).toHaveBeenCalledTimes(1);
  });

  it('freezes a list it keyed, so that key cannot outlive a change to the list (which would name another tree)', async () => {
    const pages = [a];
    await new ContentStore(ds).snapshot(pages);
    expect(() => pages.push(b)).toThrow(TypeError);
    expect(pages).toEqual([a]);
  });

  it('answers equal lists with one snapshot and different lists with different ones', async () => {
    const store = new ContentStore(ds);
    const ab = await store.snapshot([a, b]);
    expect(await store.snapshot([a, b])).toBe(ab);
    const ba = await store.snapshot([b, a]);
    expect(ba).not.toBe(ab);
    expect(ba.childrenOf(ROOT)).toEqual(['b', 'a']);
    expect(ab.childrenOf(ROOT)).toEqual(['a', 'b']);
    expect([...(await store.snapshot([a])).pages.keys()]).toEqual(['a']);
  });
});
