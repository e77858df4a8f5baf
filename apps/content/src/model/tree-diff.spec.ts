import { type PageEntry, PageTree, ROOT } from './page-tree';
import { changedPageIds } from './tree-diff';
import { mergeTrees } from './tree-merge';

const at = '2026-01-01T00:00:00.000Z';
const page = (id: string, parent: string): PageEntry => ({
  id,
  type: 'document',
  parent,
  document: `doc-${id}`,
  meta: { title: id, slug: id, createdAt: at, updatedAt: at },
});

/** A stored tree: `fanout` children per page, `levels` deep, every page with a stored hash. */
function storedTree(fanout: number, levels: number): PageTree {
  const tree = new PageTree();
  const add = (parent: string, prefix: string, level: number) => {
    for (let i = 0; i < fanout; i++) {
      const id = `${prefix}${i}`;
      tree.insert(page(id, parent));
      if (level < levels) add(id, `${id}.`, level + 1);
    }
  };
  add(ROOT, 'p', 1);
  for (const entry of tree.pages.values()) entry.nodeHash = `hash-${entry.id}`;
  return tree.seal();
}

/** Edits a page as a save would: new content, and its hash and its ancestors' hashes renewed. */
function edit(tree: PageTree, id: string, title: string): void {
  tree.pages.get(id)!.meta.title = title;
  for (let current: string | undefined = id; current && current !== ROOT; current = tree.pages.get(current)?.parent) {
    tree.pages.get(current)!.nodeHash = `hash-${current}-edited`;
  }
}

describe('changedPageIds (Merkle diff)', () => {
  it('visits only the changed branch of a large tree', () => {
    const base = storedTree(10, 4); // 11,110 pages
    const theirs = base.fork();
    edit(theirs, 'p3.4.5.6', 'Edited');
    // The page and its three ancestors; every sibling subtree is skipped by its hash.
    expect([...changedPageIds(base, theirs)].sort()).toEqual(['p3', 'p3.4', 'p3.4.5', 'p3.4.5.6']);
  });

  it('finds added, deleted and moved pages, with the whole of a deleted subtree', () => {
    const base = storedTree(3, 2);
    const theirs = base.fork();
    theirs.insert(page('new', 'p1'));
    theirs.remove('p2');
    theirs.move('p0.1', 'p1');
    const changed = changedPageIds(base, theirs);
    for (const id of ['new', 'p2', 'p2.0', 'p2.1', 'p2.2', 'p0.1', 'p0', 'p1']) expect(changed.has(id)).toBe(true);
    expect(changed.has('p0.0')).toBe(false);
    expect(changed.has('p1.2')).toBe(false);
  });

  it('is empty for identical trees', () => {
    const base = storedTree(5, 3);
    expect(changedPageIds(base, base.fork()).size).toBe(0);
  });
});

describe('mergeTrees on snapshots', () => {
  it('merges sealed snapshots without changing them (a write to one would throw)', () => {
    const base = storedTree(4, 3);
    const oursWork = base.fork();
    edit(oursWork, 'p0.0.0', 'Ours');
    const ours = oursWork.seal();
    const theirsWork = base.fork();
    edit(theirsWork, 'p3.3.3', 'Theirs');
    const theirs = theirsWork.seal();

    const { tree, conflicts } = mergeTrees(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(tree.pages.get('p0.0.0')!.meta.title).toBe('Ours');
    expect(tree.pages.get('p3.3.3')!.meta.title).toBe('Theirs');
    expect(tree.pages.size).toBe(base.pages.size);
    expect(ours.pages.get('p3.3.3')!.meta.title).toBe('p3.3.3');
    expect(base.pages.get('p0.0.0')!.meta.title).toBe('p0.0.0');
    // Theirs' branch is written again; the rest of ours keeps its stored nodes.
    expect(tree.pages.get('p3')!.nodeHash).toBeUndefined();
    expect(tree.pages.get('p1')!.nodeHash).toBe('hash-p1');
  });
});
