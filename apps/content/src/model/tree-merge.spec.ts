import { type PageEntry, PageTree, ROOT } from './page-tree';
import { mergeTrees } from './tree-merge';

const at = '2026-01-01T00:00:00.000Z';

function page(id: string, parent = ROOT, extra: Partial<PageEntry['meta']> = {}, document: string | null = `doc-${id}`): PageEntry {
  return { id, type: 'document', parent, document, meta: { title: id.toUpperCase(), slug: id, createdAt: at, updatedAt: at, ...extra } };
}

/** intro, guide > setup */
function baseTree(): PageTree {
  const tree = new PageTree();
  tree.insert(page('intro'));
  tree.insert(page('guide'));
  tree.insert(page('setup', 'guide'));
  for (const entry of tree.pages.values()) entry.nodeHash = `hash-${entry.id}`;
  return tree;
}

/** Changes a page the way the service does: new values, and its stored node marked stale. */
function edit(tree: PageTree, id: string, meta: Partial<PageEntry['meta']>, document?: string): void {
  const entry = tree.pages.get(id)!;
  entry.meta = { ...entry.meta, ...meta };
  if (document !== undefined) entry.document = document;
  tree.touch(id);
}

describe('mergeTrees', () => {
  it('combines independent edits: a rename on one side, a new page on the other', () => {
    const base = baseTree();
    const ours = base.fork();
    edit(ours, 'intro', { title: 'Introduction' });
    const theirs = base.fork();
    theirs.insert(page('faq', 'guide'));

    const { tree, conflicts, documents } = mergeTrees(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(documents).toEqual([]);
    expect(tree.pages.get('intro')!.meta.title).toBe('Introduction');
    expect(tree.childrenOf('guide')).toEqual(['setup', 'faq']);
    expect(tree.pathOf('faq')).toBe('guide/faq');
    // Only the changed branch must be written again; the untouched page keeps its stored node.
    expect(tree.pages.get('guide')!.nodeHash).toBeUndefined();
    expect(tree.pages.get('setup')!.nodeHash).toBe('hash-setup');
  });

  it('reports a page deleted on one side and edited on the other', () => {
    const base = baseTree();
    const ours = base.fork();
    ours.remove('guide');
    const theirs = base.fork();
    edit(theirs, 'setup', { title: 'Set up' });
    const { conflicts } = mergeTrees(base, ours, theirs);
    expect(conflicts.map((c) => c.pageId)).toEqual(['setup']);
  });

  it('reports the same field changed differently on both sides, and accepts identical changes', () => {
    const base = baseTree();
    const ours = base.fork();
    const theirs = base.fork();
    edit(ours, 'intro', { title: 'One' });
    edit(theirs, 'intro', { title: 'Two' });
    expect(mergeTrees(base, ours, theirs).conflicts).toEqual([
      expect.objectContaining({ pageId: 'intro', reason: expect.stringContaining('title') }),
    ]);
    edit(theirs, 'intro', { title: 'One' });
    expect(mergeTrees(base, ours, theirs).conflicts).toEqual([]);
  });

  it('hands back bodies changed on both sides for a block-level merge', () => {
    const base = baseTree();
    const ours = base.fork();
    const theirs = base.fork();
    edit(ours, 'intro', {}, 'doc-ours');
    edit(theirs, 'intro', {}, 'doc-theirs');
    const { conflicts, documents } = mergeTrees(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(documents).toEqual([{ pageId: 'intro', base: 'doc-intro', ours: 'doc-ours', theirs: 'doc-theirs' }]);
  });

  it('reports a page added under a parent the other side deleted', () => {
    const base = baseTree();
    const ours = base.fork();
    ours.remove('guide');
    const theirs = base.fork();
    theirs.insert(page('faq', 'guide'));
    expect(mergeTrees(base, ours, theirs).conflicts.map((c) => c.pageId)).toEqual(['faq']);
  });

  it('reports crossing moves that would form a cycle', () => {
    const base = baseTree();
    base.insert(page('other'));
    const ours = base.fork();
    ours.move('guide', 'other');
    const theirs = base.fork();
    theirs.move('other', 'setup');
    expect(mergeTrees(base, ours, theirs).conflicts.map((c) => c.reason)).toContain('moves on both sides form a cycle');
  });

  it('reports two siblings given the same slug on different sides', () => {
    const base = baseTree();
    const ours = base.fork();
    ours.insert(page('a', ROOT, { slug: 'same' }));
    const theirs = base.fork();
    theirs.insert(page('b', ROOT, { slug: 'same' }));
    expect(
      mergeTrees(base, ours, theirs)
        .conflicts.map((c) => c.reason)
        .join(),
    ).toContain('slug "same"');
  });

  it('keeps a reorder made on the other side while merging an unrelated edit', () => {
    const base = baseTree();
    const ours = base.fork();
    edit(ours, 'setup', { title: 'Set up' });
    const theirs = base.fork();
    theirs.move('intro', ROOT, 1);
    edit(theirs, 'intro', { updatedAt: '2026-02-01T00:00:00.000Z' });
    const { tree, conflicts } = mergeTrees(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(tree.childrenOf(ROOT)).toEqual(['guide', 'intro']);
    expect(tree.pages.get('setup')!.meta.title).toBe('Set up');
  });
});
