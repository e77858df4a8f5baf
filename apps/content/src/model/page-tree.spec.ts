import { mergeTrees } from './tree-merge';
import { type PageEntry, PageTree, ROOT } from './page-tree';

const at = '2026-01-01T00:00:00.000Z';
const page = (id: string, parent = ROOT): PageEntry => ({
  id,
  type: 'document',
  parent,
  document: `doc-${id}`,
  meta: { title: id, slug: id, createdAt: at, updatedAt: at },
  nodeHash: `hash-${id}`,
});

/** A stored snapshot: `count` top-level pages, the first with two children. */
function snapshot(count: number): PageTree {
  const tree = new PageTree();
  for (let i = 0; i < count; i++) tree.insert(page(`p${i}`));
  tree.insert(page('p0.a', 'p0'));
  tree.insert(page('p0.b', 'p0'));
  return tree.seal();
}

/** The pages a fork holds copies of (its own layer), as against reading through to its base. */
const copiedIn = (fork: PageTree, base: PageTree): string[] => [...base.pages.keys()].filter((id) => fork.peek(id) !== base.peek(id));

describe('PageTree reads on a fork', () => {
  it('checks a slug without copying the siblings it reads', () => {
    const base = snapshot(40);
    const fork = base.fork();
    expect(fork.slugTaken(ROOT, 'p7', 'p3')).toBe('p7');
    expect(fork.slugTaken(ROOT, 'free')).toBeUndefined();
    expect(copiedIn(fork, base)).toEqual([]);
  });

  it('reads paths and ancestry without copying, and copies what it changes', () => {
    const base = snapshot(3);
    const fork = base.fork();
    expect(fork.pathOf('p0.b')).toBe('p0/p0.b');
    expect(fork.isWithin('p0.b', 'p0')).toBe(true);
    expect(copiedIn(fork, base)).toEqual([]);
    fork.pages.get('p1')!.meta.title = 'Changed';
    expect(copiedIn(fork, base)).toEqual(['p1']);
    expect(base.peek('p1')!.meta.title).toBe('p1');
  });

  it('merges a change into a wide tree copying only the pages the merge changes', () => {
    const base = snapshot(40);
    const ours = base.fork();
    const theirs = base.fork();
    theirs.insert(page('new'), 0);
    theirs.touch('new');
    const { tree, conflicts } = mergeTrees(base, ours.seal(), theirs.seal());
    expect(conflicts).toEqual([]);
    expect(tree.childrenOf(ROOT)[0]).toBe('new');
    expect(copiedIn(tree, base)).toEqual([]);
  });

  it('knows a sealed snapshot from a fork', () => {
    const base = snapshot(1);
    expect(base.sealed).toBe(true);
    expect(base.fork().sealed).toBe(false);
    expect(new PageTree().sealed).toBe(false);
  });
});

describe('PageTree.computedPages', () => {
  const computedPage = (id: string, spec: string): PageEntry => {
    const entry = page(id);
    return {
      ...entry,
      type: 'computed',
      meta: {
        ...entry.meta,
        computed: { type: 'builtin:openapi', dependencies: { spec: { ref: { kind: 'openapi', spec } } }, props: {} },
      } as PageEntry['meta'],
    };
  };

  it("walks a snapshot's pages once, however often it is read", () => {
    const base = snapshot(5);
    const walks = jest.spyOn(base.pages, 'values');
    for (let read = 0; read < 3; read++) expect(base.computedPages()).toEqual([]);
    expect(walks).toHaveBeenCalledTimes(1);
  });

  it('sees the computed pages a fork of a read snapshot adds, as it adds them', () => {
    const base = snapshot(2);
    expect(base.computedPages()).toEqual([]);
    const fork = base.fork();
    fork.insert(computedPage('api', 'pets'));
    expect(fork.computedPages().map((p) => p.id)).toEqual(['api']);
    fork.insert(computedPage('api2', 'stores'));
    expect(fork.computedPages().map((p) => p.id)).toEqual(['api', 'api2']);
    expect(
      fork
        .seal()
        .computedPages()
        .map((p) => p.id),
    ).toEqual(['api', 'api2']);
  });
});
