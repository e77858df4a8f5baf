import { AppError } from '@bindery/platform';
import { applyChanges } from './apply-changes';
import { PageTree } from './page-tree';

const now = '2026-01-01T00:00:00.000Z';
const computed = {
  type: 'builtin:openapi' as const,
  dependencies: { spec: { ref: { kind: 'openapi' as const, spec: 'pets' } } },
  props: { models: false },
};

const refused = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

function withComputed(): PageTree {
  const tree = new PageTree();
  applyChanges(
    tree,
    [
      { change: { operation: 'insert_page', type: 'computed', title: 'API', computed }, pageId: 'api' },
      { change: { operation: 'insert_page', title: 'Intro', document: {} }, pageId: 'intro' },
      { change: { operation: 'insert_page', title: 'Child', into: 'intro', document: {} }, pageId: 'child' },
    ],
    now,
  );
  return tree;
}

describe('computed pages in change requests', () => {
  it('stores the source without a body', () => {
    expect(withComputed().pages.get('api')).toMatchObject({ type: 'computed', document: null, meta: { computed } });
  });

  it('refuses a computed page without a source, a source on another page, and written children', () => {
    const tree = withComputed();
    const apply = (change: object) => () => applyChanges(tree, [{ change: change as never, pageId: 'new' }], now);
    expect(refused(apply({ operation: 'insert_page', type: 'computed', title: 'X' }))).toMatch(
      /changes\[0\]\.computed: a computed page needs/,
    );
    expect(refused(apply({ operation: 'insert_page', title: 'X', document: {}, computed }))).toMatch(/only a computed page/);
    expect(refused(apply({ operation: 'insert_page', title: 'X', into: 'api', document: {} }))).toMatch(/generated, not written/);
    expect(refused(apply({ operation: 'update_page', page: 'intro', type: 'computed', computed }))).toMatch(/cannot become a computed/);
  });

  it('a document becomes computed (its body dropped) and back, the source kept on other updates', () => {
    const tree = withComputed();
    applyChanges(tree, [{ change: { operation: 'update_page', page: 'child', type: 'computed', computed } }], now);
    expect(tree.pages.get('child')).toMatchObject({ type: 'computed', document: null, meta: { computed } });
    applyChanges(tree, [{ change: { operation: 'update_page', page: 'child', title: 'Renamed' } }], now);
    expect(tree.pages.get('child')!.meta).toMatchObject({ title: 'Renamed', computed });
    applyChanges(tree, [{ change: { operation: 'update_page', page: 'child', type: 'document' } }], now);
    expect(tree.pages.get('child')!.meta.computed).toBeUndefined();
  });
});
