import { applyChanges } from './apply-changes';
import { MovedPaths, pathsOf } from './moved-paths';
import { PageTree } from './page-tree';

const now = '2026-01-01T00:00:00.000Z';

/** Trees of successive revisions, each `edit` applied to a fork of the previous tree. */
function revisions(edits: Array<(tree: PageTree) => void>): PageTree[] {
  const trees: PageTree[] = [];
  let tree = new PageTree();
  for (const edit of edits) {
    tree = tree.fork();
    edit(tree);
    trees.push(tree);
  }
  return trees;
}

/** The map as PathHistory builds it: the newest tree is current, the others are added newest first. */
function movedOf(trees: PageTree[]): Map<string, string> {
  const moved = new MovedPaths(trees[trees.length - 1]);
  for (const older of trees.slice(0, -1).reverse()) moved.add(older);
  return moved.moved;
}

const insert = (title: string, pageId: string, into?: string) => (tree: PageTree) =>
  applyChanges(tree, [{ change: { operation: 'insert_page', title, document: {}, ...(into ? { into } : {}) }, pageId }], now);
const rename = (pageId: string, slug: string) => (tree: PageTree) =>
  applyChanges(tree, [{ change: { operation: 'update_page', page: pageId, slug }, pageId }], now);

describe('MovedPaths', () => {
  it('maps the old paths of renamed pages and of their children to their current paths', () => {
    expect(pathsOf(new PageTree())).toEqual(new Map());
    const moved = movedOf(
      revisions([insert('Guide', 'guide'), insert('Setup', 'setup', 'guide'), rename('guide', 'manual'), rename('setup', 'install')]),
    );
    expect(moved.get('guide/setup')).toBe('manual/install');
    expect(moved.get('manual/setup')).toBe('manual/install');
    expect(moved.get('guide')).toBe('manual');
    expect(moved.has('manual/install')).toBe(false);
  });

  it('never redirects a path some page has now, nor to a deleted page', () => {
    const moved = movedOf(
      revisions([
        insert('Old', 'a'),
        rename('a', 'renamed'),
        insert('Old', 'b'), // a new page took the old path
        insert('Gone', 'c'),
        (tree) => applyChanges(tree, [{ change: { operation: 'delete_page', page: 'c' }, pageId: 'c' }], now),
      ]),
    );
    expect(moved.has('old')).toBe(false);
    expect(moved.has('gone')).toBe(false);
  });

  it('remembers every old path of a page renamed twice', () => {
    const moved = movedOf(revisions([insert('A', 'a'), rename('a', 'x'), insert('B', 'b'), rename('b', 'y'), rename('b', 'z')]));
    // "b" was at "b" and "y"; "a" was at "a" and stays at "x".
    expect(moved.get('b')).toBe('z');
    expect(moved.get('y')).toBe('z');
    expect(moved.get('a')).toBe('x');
  });
});
