import { type PageEntry, PageTree, ROOT } from '../model/page-tree';
import { pagesInScope } from './pdf-scope';

const at = '2026-01-01T00:00:00.000Z';
const page = (id: string, parent: string): PageEntry => ({
  id,
  type: 'document',
  parent,
  document: null,
  meta: { title: id, slug: id, createdAt: at, updatedAt: at },
});

/** a (a1 (a1x), a2), b */
function tree(): PageTree {
  const t = new PageTree();
  for (const [id, parent] of [
    ['a', ROOT],
    ['b', ROOT],
    ['a1', 'a'],
    ['a2', 'a'],
    ['a1x', 'a1'],
  ])
    t.insert(page(id, parent));
  return t.seal();
}

const ids = (scope: ReturnType<typeof pagesInScope>) => scope?.map(({ page: p, depth }) => `${p.id}@${depth}`);

describe('pagesInScope', () => {
  it('lists the whole tree depth first, each page before its subpages', () => {
    expect(ids(pagesInScope(tree(), undefined, false))).toEqual(['a@0', 'a1@1', 'a1x@2', 'a2@1', 'b@0']);
  });

  it('scopes to a page and its subpages, depths relative to it', () => {
    expect(ids(pagesInScope(tree(), 'a1', false))).toEqual(['a1@0', 'a1x@1']);
  });

  it('scopes to the page alone with only', () => {
    expect(ids(pagesInScope(tree(), 'a', true))).toEqual(['a@0']);
  });

  it('answers undefined for a page not in the tree', () => {
    expect(pagesInScope(tree(), 'zzz', false)).toBeUndefined();
    expect(pagesInScope(tree(), 'zzz', true)).toBeUndefined();
  });

  it('walks a very deep tree without recursion', () => {
    // Built on plain maps: inserting one by one would re-hash every ancestor each time.
    const pages = new Map<string, PageEntry>();
    const children = new Map<string, string[]>([[ROOT, ['p0']]]);
    for (let i = 0; i < 50_000; i++) {
      pages.set(`p${i}`, page(`p${i}`, i === 0 ? ROOT : `p${i - 1}`));
      children.set(`p${i}`, i + 1 < 50_000 ? [`p${i + 1}`] : []);
    }
    const scope = pagesInScope(new PageTree(pages, children), undefined, false);
    expect(scope).toHaveLength(50_000);
    expect(scope?.[49_999].depth).toBe(49_999);
  });
});
