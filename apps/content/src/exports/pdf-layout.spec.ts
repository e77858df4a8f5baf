import { markdownToDocument } from '@bindery/document';
import { layoutDocument, type LayoutBlock, plainText } from './pdf-layout';

const text = (t: string, marks: string[] = []) => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: t, marks: marks.map((type) => ({ object: 'mark', type })) }],
});
const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', data: {}, nodes });

const fromMarkdown = (markdown: string): LayoutBlock[] => layoutDocument(markdownToDocument(markdown).nodes);

describe('layoutDocument', () => {
  it('keeps marks as run styles and web links as link targets', () => {
    const [block] = layoutDocument([
      paragraph(
        text('plain '),
        text('bold', ['bold']),
        text('both', ['bold', 'italic']),
        text('x()', ['code']),
        text('gone', ['strikethrough']),
        { object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://example.com/a' } }, nodes: [text('site')] },
        { object: 'inline', type: 'link', data: { ref: { kind: 'page', page: 'p1' } }, nodes: [text('page')] },
      ),
    ]);
    expect(block).toEqual({
      kind: 'paragraph',
      indent: 0,
      runs: [
        { text: 'plain ' },
        { text: 'bold', bold: true },
        { text: 'both', bold: true, italic: true },
        { text: 'x()', code: true },
        { text: 'gone', strike: true },
        { text: 'site', link: 'https://example.com/a' },
        { text: 'page' },
      ],
    });
  });

  it('numbers ordered lists from their start, nests lists one level deeper, marks tasks', () => {
    const blocks = fromMarkdown('3. three\n4. four\n   - inner\n\n- [x] done\n- [ ] todo\n');
    const items = blocks.map((b) => (b.kind === 'paragraph' ? [b.marker, b.indent, b.runs.map((r) => r.text).join('')] : b.kind));
    expect(items).toEqual([
      ['3.', 1, 'three'],
      ['4.', 1, 'four'],
      ['•', 2, 'inner'],
      ['[x]', 1, 'done'],
      ['[ ]', 1, 'todo'],
    ]);
  });

  it('lays out headings, code lines, quotes, hints and dividers', () => {
    const blocks = fromMarkdown(
      '### Setup\n\n```js\nconst a = 1;\nconst b = 2;\n```\n\n> quoted\n\n{% hint style="danger" %}\nCareful\n{% endhint %}\n\n---\n',
    );
    expect(blocks.map((b) => b.kind)).toEqual(['heading', 'code', 'quote', 'hint', 'divider']);
    expect(blocks[0]).toMatchObject({ level: 2, runs: [{ text: 'Setup' }] });
    expect(blocks[1]).toMatchObject({ lines: ['const a = 1;', 'const b = 2;'] });
    expect(blocks[2]).toMatchObject({ blocks: [{ kind: 'paragraph', runs: [{ text: 'quoted' }] }] });
    expect(blocks[3]).toMatchObject({ style: 'danger', blocks: [{ kind: 'paragraph', runs: [{ text: 'Careful' }] }] });
  });

  it('reads tables row by row in record order, with the header unless hidden', () => {
    const [table] = fromMarkdown('| Name | Role |\n| --- | --- |\n| Ada | **admin** |\n| Bob | read |\n');
    expect(table.kind).toBe('table');
    if (table.kind !== 'table') return;
    expect(table.header?.map((cell) => cell.map((r) => r.text).join(''))).toEqual(['Name', 'Role']);
    expect(table.rows.map((row) => row.map((cell) => cell.map((r) => r.text).join('')))).toEqual([
      ['Ada', 'admin'],
      ['Bob', 'read'],
    ]);
    expect(table.rows[0][1]).toEqual([{ text: 'admin', bold: true }]);
  });

  it('points image blocks at their file and falls back to caption, alt, then a description of the reference', () => {
    const image = (ref: unknown, alt?: string, caption?: string) => ({
      object: 'block',
      type: 'image',
      isVoid: true,
      data: { ref, ...(alt ? { alt } : {}) },
      fragments: caption ? [{ object: 'fragment', fragment: 'caption', nodes: [paragraph(text(caption))] }] : [],
    });
    const blocks = layoutDocument([
      { object: 'block', type: 'images', isVoid: false, data: {}, nodes: [image({ kind: 'file', file: 'f1' }, 'alt text', 'The caption')] },
      image({ kind: 'file', file: 'f2' }, 'only alt'),
      image({ kind: 'url', url: 'https://example.com/x.png' }),
    ]);
    expect(blocks).toEqual([
      { kind: 'image', fileId: 'f1', caption: 'The caption', indent: 0 },
      { kind: 'image', fileId: 'f2', caption: 'only alt', indent: 0 },
      { kind: 'image', fileId: undefined, caption: 'https://example.com/x.png', indent: 0 },
    ]);
  });

  it('renders an unknown block as its text, and skips one without text', () => {
    const blocks = layoutDocument([
      {
        object: 'block',
        type: 'swagger',
        isVoid: true,
        data: {},
        fragments: [{ object: 'fragment', fragment: 'x', nodes: [paragraph(text('GET /pets'))] }],
      },
      { object: 'block', type: 'drawing', isVoid: true, data: {} },
    ]);
    expect(blocks).toEqual([{ kind: 'paragraph', runs: [{ text: 'GET /pets' }], indent: 0 }]);
  });

  it('turns tabs and expandables into titled runs of their blocks', () => {
    const blocks = fromMarkdown(
      '{% tabs %}\n{% tab title="npm" %}\nnpm i\n{% endtab %}\n{% endtabs %}\n\n<details>\n<summary>More</summary>\n\nHidden text\n\n</details>\n',
    );
    const summary = blocks.map((b) =>
      b.kind === 'paragraph' ? `${b.indent}:${b.runs.map((r) => (r.bold ? `*${r.text}*` : r.text)).join('')}` : b.kind,
    );
    expect(summary).toEqual(['0:*npm*', '0:npm i', '0:*More*', '1:Hidden text']);
  });
});

describe('plainText', () => {
  it('joins inline text and separates blocks by lines', () => {
    expect(plainText({ object: 'document', nodes: [paragraph(text('a'), text('b')), paragraph(text('c'))] })).toBe('ab\nc');
  });
});
