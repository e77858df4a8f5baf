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

  it('reads GitBook group headings with an HTML anchor, and external entries as links with their titles', () => {
    const tree = parseSummary(
      [
        '# Table of contents',
        '',
        '* [Welcome](README.md "Home")',
        '',
        '## Getting started <a href="#get-started" id="get-started"></a>',
        '',
        '* [Install](start/install.md)',
        '* [Status page](https://status.example.com "Status")',
        '* [Write to us](mailto:docs@example.com)',
        '',
        '## Reference',
        '',
        '* [API](api.md)',
      ].join('\n'),
    );
    expect(tree.map((e) => [e.kind, e.title, e.anchor])).toEqual([
      ['page', 'Welcome', undefined],
      ['group', 'Getting started', 'get-started'],
      ['group', 'Reference', undefined],
    ]);
    expect(tree[1].children).toEqual([
      { kind: 'page', title: 'Install', href: 'start/install.md', children: [] },
      { kind: 'link', title: 'Status page', href: 'https://status.example.com', children: [] },
      { kind: 'link', title: 'Write to us', href: 'mailto:docs@example.com', children: [] },
    ]);
    expect(tree[2].children.map((e) => e.href)).toEqual(['api.md']);
  });
});
