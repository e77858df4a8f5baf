import { parseSummary } from './summary';

describe('parseSummary', () => {
  it('reads groups, nesting at any indentation, links, plain titles and escapes', () => {
    const tree = parseSummary(
      [
        '# Table of contents',
        '',
        '* [Intro](README.md)',
        '',
        '## Guides',
        '',
        '- [A \\[draft\\]](guides/a\\_b.md#part)',
        '   - [Child](<guides/with space.md>)',
        '         * [Grandchild](guides/x%20y.md)',
        '   - Just a title',
        '- [Site](https://example.com)',
        '## 中文',
        '* [页面](zh/页面.md)',
      ].join('\n'),
    );
    expect(tree[0]).toEqual({ kind: 'page', title: 'Intro', href: 'README.md', children: [] });
    const guides = tree[1];
    expect(guides.kind).toBe('group');
    expect(guides.children[0].title).toBe('A [draft]');
    expect(guides.children[0].href).toBe('guides/a_b.md');
    expect(guides.children[0].children.map((c) => c.title)).toEqual(['Child', 'Just a title']);
    expect(guides.children[0].children[0].href).toBe('guides/with space.md');
    expect(guides.children[0].children[0].children[0].href).toBe('guides/x y.md');
    expect(guides.children[1]).toMatchObject({ kind: 'link', href: 'https://example.com' });
    expect(tree[2].children[0]).toMatchObject({ title: '页面', href: 'zh/页面.md' });
  });
});
