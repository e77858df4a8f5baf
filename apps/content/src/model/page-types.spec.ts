import { AppError } from '@bindery/platform';
import { applyChanges } from './apply-changes';
import { PageTree, ROOT } from './page-tree';
import { mergeTrees } from './tree-merge';

const now = '2026-01-01T00:00:00.000Z';

/** group "Guides" > (document "Setup", link "Site"), document "Intro" at the root. */
function seeded(): PageTree {
  const tree = new PageTree();
  applyChanges(
    tree,
    [
      { change: { operation: 'insert_page', title: 'Intro', document: {} }, pageId: 'intro' },
      { change: { operation: 'insert_page', type: 'group', title: 'Guides' }, pageId: 'guides' },
      { change: { operation: 'insert_page', title: 'Setup', into: 'guides', document: {} }, pageId: 'setup' },
      { change: { operation: 'insert_page', type: 'link', title: 'Site', into: 'guides', href: 'https://example.com' }, pageId: 'site' },
    ],
    now,
  );
  for (const entry of tree.pages.values()) entry.nodeHash = `hash-${entry.id}`;
  return tree;
}

const refused = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
};

describe('group and link pages', () => {
  it('stores groups and links without a body, links with their target', () => {
    const tree = seeded();
    expect(tree.pages.get('guides')).toMatchObject({ type: 'group', document: null });
    expect(tree.pages.get('site')).toMatchObject({
      type: 'link',
      document: null,
      meta: { target: { kind: 'url', url: 'https://example.com' } },
    });
    expect(tree.pathOf('setup')).toBe('guides/setup');
  });

  it('refuses bodies, unsafe hrefs and impossible places, naming the field', () => {
    const tree = seeded().fork();
    const apply = (change: Record<string, unknown>) => () =>
      applyChanges(tree, [{ change: change as never, pageId: 'new', documentHash: null }], now);
    expect(refused(apply({ operation: 'insert_page', type: 'group', title: 'G', document: { markdown: 'x' } }))).toMatch(
      /^changes\[0\]\.document/,
    );
    expect(refused(apply({ operation: 'insert_page', type: 'link', title: 'L', href: 'javascript:alert(1)' }))).toMatch(
      /changes\[0\]\.href/,
    );
    expect(refused(apply({ operation: 'insert_page', type: 'link', title: 'L', target: { kind: 'page' } }))).toMatch(/target\.page/);
    expect(refused(apply({ operation: 'insert_page', type: 'link', title: 'L' }))).toMatch(/needs an href/);
    expect(refused(apply({ operation: 'insert_page', type: 'group', title: 'G', into: 'guides' }))).toMatch(/root/);
    expect(refused(apply({ operation: 'insert_page', title: 'C', into: 'site', document: {} }))).toMatch(/link page cannot have child/);
    expect(refused(apply({ operation: 'update_page', page: 'guides', into: 'intro' }))).toMatch(/changes\[0\]\.into/);
    expect(refused(apply({ operation: 'update_page', page: 'guides', type: 'link', href: 'https://x.test' }))).toMatch(/child pages/);
    expect(refused(apply({ operation: 'insert_page', title: 'D', href: 'https://x.test', document: {} }))).toMatch(/only a link page/);
  });

  it('changes a page type: the body goes, a target comes', () => {
    const tree = seeded().fork();
    applyChanges(
      tree,
      [{ change: { operation: 'update_page', page: 'setup', type: 'link', target: { kind: 'page', page: 'intro' } } }],
      now,
    );
    expect(tree.pages.get('setup')).toMatchObject({ type: 'link', document: null, meta: { target: { kind: 'page', page: 'intro' } } });
    applyChanges(tree, [{ change: { operation: 'update_page', page: 'setup', type: 'document' } }], now);
    expect(tree.pages.get('setup')!.meta.target).toBeUndefined();
  });

  it('merges a group renamed on one side with a child added on the other', () => {
    const base = seeded();
    const ours = base.fork();
    applyChanges(ours, [{ change: { operation: 'update_page', page: 'guides', title: 'How-to guides' } }], now);
    const theirs = base.fork();
    applyChanges(
      theirs,
      [{ change: { operation: 'insert_page', type: 'link', into: 'guides', title: 'Mail', href: 'mailto:a@b.c' }, pageId: 'mail' }],
      now,
    );
    const { tree, conflicts } = mergeTrees(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(tree.pages.get('guides')).toMatchObject({ type: 'group', meta: { title: 'How-to guides' } });
    expect(tree.childrenOf('guides')).toEqual(['setup', 'site', 'mail']);
    expect(tree.pages.get('mail')!.type).toBe('link');
    expect(tree.childrenOf(ROOT)).toEqual(['intro', 'guides']);
  });

  it('reports a page whose type changed differently on both sides as a conflict', () => {
    const base = seeded();
    const ours = base.fork();
    applyChanges(ours, [{ change: { operation: 'update_page', page: 'setup', type: 'link', href: 'https://a.test' } }], now);
    const theirs = base.fork();
    applyChanges(theirs, [{ change: { operation: 'update_page', page: 'setup', type: 'group', into: null } }], now);
    expect(mergeTrees(base, ours, theirs).conflicts.map((c) => c.pageId)).toEqual(['setup']);
  });
});
