import { AppError } from '@bindery/platform';
import { applyChanges, slugify } from './apply-changes';
import { PageTree, ROOT } from './page-tree';

const now = '2026-01-01T00:00:00.000Z';

function seeded(): PageTree {
  const tree = new PageTree();
  applyChanges(
    tree,
    [
      { change: { operation: 'insert_page', title: 'Guide', document: {} }, pageId: 'guide' },
      { change: { operation: 'insert_page', title: 'Setup', into: 'guide', document: {} }, pageId: 'setup' },
    ],
    now,
  );
  return tree;
}

describe('applyChanges', () => {
  it('derives unique slugs and paths from titles', () => {
    const tree = seeded();
    applyChanges(tree, [{ change: { operation: 'insert_page', title: 'Guide', document: {} }, pageId: 'guide2' }], now);
    expect(tree.pathOf('setup')).toBe('guide/setup');
    expect(tree.pages.get('guide2')!.meta.slug).toBe('guide-2');
  });

  it('moves a page to the root at a position and reports each page once', () => {
    const tree = seeded();
    const outcomes = applyChanges(
      tree,
      [
        { change: { operation: 'update_page', page: 'setup', into: null, at: 0 } },
        { change: { operation: 'update_page', page: 'setup', title: 'Set up' } },
      ],
      now,
    );
    expect(tree.childrenOf(ROOT)).toEqual(['setup', 'guide']);
    expect(outcomes).toEqual([{ kind: 'updated', pageId: 'setup' }]);
  });

  it('deletes a page with its subtree', () => {
    const tree = seeded();
    const outcomes = applyChanges(tree, [{ change: { operation: 'delete_page', page: 'guide' } }], now);
    expect(outcomes.map((o) => o.pageId).sort()).toEqual(['guide', 'setup']);
    expect(tree.pages.size).toBe(0);
  });

  it.each([
    [{ operation: 'update_page' as const, page: 'guide', into: 'setup' }, 400, /into/],
    [{ operation: 'update_page' as const, page: 'missing' }, 404, /changes\[0\]\.page/],
    [{ operation: 'insert_page' as const, into: 'missing', document: {} }, 404, /into/],
    [{ operation: 'update_page' as const, page: 'setup', slug: 'bad slug' }, 400, /slug/],
  ])('rejects %j', (change, code, message) => {
    const tree = seeded();
    let error: unknown;
    try {
      applyChanges(tree, [{ change, pageId: 'new' }], now);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(code);
    expect((error as AppError).message).toMatch(message);
  });

  it('slugifies titles', () => {
    expect(slugify('Héllo, World!')).toBe('hello-world');
    expect(slugify('***')).toBe('page');
  });
});
