import type { ImportPage } from '@bindery/contracts';
import { PageTree, ROOT } from '../model/page-tree';
import { buildImportTree, importedReusableContents } from './import-tree';

const doc = (text: string) => ({
  object: 'document' as const,
  data: {},
  nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
});

const page = (id: string, text: string, pages: ImportPage[] = []): ImportPage => ({
  id,
  title: id,
  slug: id.toLowerCase(),
  document: doc(text),
  pages,
});

/** Stores a built tree's nodes the way ContentStore does: every page gets a hash. */
function sealedHashes(tree: PageTree): PageTree {
  let n = 0;
  for (const entry of tree.pages.values()) entry.nodeHash ??= `h${n++}`;
  return tree;
}

describe('buildImportTree', () => {
  it('keeps ids, dates and stored nodes of unchanged pages: a changed page rewrites itself and its ancestors only', () => {
    const first = buildImportTree(
      new PageTree(),
      [page('A', 'a', [page('B', 'b'), page('C', 'c')]), page('D', 'd')],
      '2026-01-01T00:00:00.000Z',
    );
    const current = sealedHashes(first.tree);
    const second = buildImportTree(
      current,
      [page('A', 'a', [page('B', 'b'), page('C', 'changed')]), page('D', 'd')],
      '2026-01-02T00:00:00.000Z',
    );
    const rewritten = [...second.tree.pages.values()].filter((p) => p.nodeHash === undefined).map((p) => p.id);
    expect(rewritten.sort()).toEqual(['A', 'C']);
    expect(second.documents).toHaveLength(4);
    expect(second.tree.pages.get('B')!.meta.updatedAt).toBe('2026-01-01T00:00:00.000Z');
    expect(second.tree.pages.get('C')!.meta.updatedAt).toBe('2026-01-02T00:00:00.000Z');
    expect(second.tree.pages.get('C')!.meta.createdAt).toBe('2026-01-01T00:00:00.000Z');
    expect(second.tree.childrenOf(ROOT)).toEqual(['A', 'D']);
  });

  it('keeps a body with keepDocument and refuses it for an unknown page, duplicate ids and bad slugs', () => {
    const current = sealedHashes(buildImportTree(new PageTree(), [page('A', 'a')], '2026-01-01T00:00:00.000Z').tree);
    const kept = buildImportTree(current, [{ id: 'A', title: 'A', slug: 'a', keepDocument: true, pages: [] }], '2026-01-02T00:00:00.000Z');
    expect(kept.tree.pages.get('A')!.document).toBe(current.pages.get('A')!.document);
    expect(kept.tree.pages.get('A')!.nodeHash).toBe(current.pages.get('A')!.nodeHash);
    expect(() => buildImportTree(current, [{ id: 'Z', title: 'Z', slug: 'z', keepDocument: true, pages: [] }], 'x')).toThrow(
      /keepDocument/,
    );
    expect(() => buildImportTree(current, [page('A', 'a'), page('A', 'b')], 'x')).toThrow(/twice/);
    expect(() => buildImportTree(current, [{ ...page('A', 'a'), slug: '../x' }], 'x')).toThrow(/slug/);
  });

  it('takes a body stored before by its hash (the same page as with the body inline) and lists it to check', () => {
    const inline = buildImportTree(new PageTree(), [page('A', 'a')], '2026-01-01T00:00:00.000Z');
    const hash = inline.tree.pages.get('A')!.document!;
    const byHash = buildImportTree(
      new PageTree(),
      [{ id: 'A', title: 'A', slug: 'a', documentHash: hash, pages: [] }],
      '2026-01-01T00:00:00.000Z',
    );
    expect(byHash.tree.pages.get('A')).toEqual(inline.tree.pages.get('A'));
    expect(byHash.documents).toEqual([]);
    expect(byHash.storedHashes).toEqual([hash]);
    expect(() => buildImportTree(new PageTree(), [{ id: 'A', title: 'A', slug: 'a', documentHash: 'nope', pages: [] }], 'x')).toThrow(
      'pages[0].documentHash: must be a content hash',
    );
    expect(() => buildImportTree(new PageTree(), [{ ...page('A', 'a'), documentHash: hash }], 'x')).toThrow(/not both/);
  });
});

describe('importedReusableContents', () => {
  const current = [{ id: 'old', title: 'Old', document: null }];
  const hash = 'a'.repeat(43);

  it('keeps those the source never held (made here), and drops those it held and no longer has', () => {
    const made = { id: 'made', title: 'Made in Bindery', document: hash };
    const fromGit = { id: 'git1', title: 'From git', document: null };
    // A repository that never had includes: nothing the space made is deleted.
    expect(importedReusableContents([], [made], []).list).toEqual([made]);
    // Its include deleted in git: gone; one made here since the last sync: kept, after the source's.
    const imported = importedReusableContents([{ id: 'git2', title: 'New in git' }], [fromGit, made], ['git1']);
    expect(imported.list).toEqual([{ id: 'git2', title: 'New in git', document: null }, made]);
    // One the source sends again is the source's version.
    expect(importedReusableContents([{ id: 'made', title: 'Renamed in git' }], [made], ['made']).list).toEqual([
      { id: 'made', title: 'Renamed in git', document: null },
    ]);
    expect(() => importedReusableContents([], [made], 'x')).toThrow(expect.objectContaining({ code: 400 }));
  });

  it('keeps the current list when the import sends none, and replaces it when it sends one', () => {
    expect(importedReusableContents(undefined, current).list).toBe(current);
    const imported = importedReusableContents(
      [
        { id: 'inc1', title: 'Support contact', documentHash: hash },
        { id: 'inc2', title: 'Inline', document: doc('Shared text') },
        { id: 'inc3', title: 'Empty' },
      ],
      current,
    );
    expect(imported.list).toEqual([
      { id: 'inc1', title: 'Support contact', document: hash },
      { id: 'inc2', title: 'Inline', document: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) },
      { id: 'inc3', title: 'Empty', document: null },
    ]);
    expect(imported.storedHashes).toEqual([hash]);
    expect(imported.documents).toHaveLength(1);
  });

  it('refuses bad entries with a 400 naming the field', () => {
    const refused = (input: unknown, message: RegExp) =>
      expect(() => importedReusableContents(input as never, current)).toThrow(
        expect.objectContaining({ code: 400, message: expect.stringMatching(message) }),
      );
    refused('x', /reusableContents: must be a list/);
    refused([{ id: 'a b', title: 'T' }], /reusableContents\[0\]\.id/);
    refused(
      [
        { id: 'a', title: 'T' },
        { id: 'a', title: 'U' },
      ],
      /reusableContents\[1\]\.id: "a" is given twice/,
    );
    refused([{ id: 'a', title: ' ' }], /reusableContents\[0\]\.title/);
    refused([{ id: 'a', title: 'T', documentHash: 'short' }], /reusableContents\[0\]\.documentHash/);
  });
});
