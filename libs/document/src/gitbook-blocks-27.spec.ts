// Issue #27: GitBook constructs that came through as text or changed on export. Each is read into
// its official block (checked against the schema) and written back byte for byte, stably.
import { type Document, documentToMarkdown, markdownToDocument } from './index';
import { counterKeys } from './testing/counter-keys';
import { documentSchemaErrors } from './testing/document-schema';
import { constructsLeftAsText } from './testing/page-fidelity';

const read = (markdown: string): Document => markdownToDocument(markdown, { newKey: counterKeys() });

/** Reads `markdown`, checks it writes back unchanged and validates, and returns the document. */
function roundTrips(markdown: string): Document {
  const document = read(markdown);
  expect(documentToMarkdown(document)).toBe(markdown);
  expect(documentToMarkdown(read(documentToMarkdown(document)))).toBe(markdown);
  return document;
}

describe('GitBook constructs of issue #27', () => {
  it('<mark> without colours stays <mark>, with colours a color mark', () => {
    const document = roundTrips('A <mark>plain</mark> and <mark style="color:red;background-color:$success;">both</mark>.\n');
    expect(documentSchemaErrors(document)).toEqual([]);
    const [paragraph] = document.nodes;
    if (paragraph.type !== 'paragraph') throw new Error('expected a paragraph');
    const marks = paragraph.nodes.flatMap((node) => (node.object === 'text' ? node.leaves.flatMap((leaf) => leaf.marks) : []));
    expect(marks).toEqual([
      { object: 'mark', type: 'color', data: { text: 'default', background: 'default' } },
      { object: 'mark', type: 'color', data: { text: 'red', background: '$success' } },
    ]);
  });

  it('{% update date %} holds an official Timestamp and writes its day back', () => {
    // GitBook writes the format, the default one too.
    const markdown = '{% updates format="full" %}\n{% update date="2024-01-02" %}\n## New\n\nText.\n{% endupdate %}\n{% endupdates %}\n';
    const document = roundTrips(markdown);
    expect(documentSchemaErrors(document)).toEqual([]);
    const [updates] = document.nodes;
    if (updates.type !== 'updates') throw new Error('expected updates');
    expect(updates.nodes[0].data.date).toBe('2024-01-02T00:00:00.000Z');
  });

  it('an update whose date does not read stays visible as its tags', () => {
    const document = read('{% updates %}\n{% update date="soon" %}\nText.\n{% endupdate %}\n{% endupdates %}\n');
    expect(documentSchemaErrors(document)).toEqual([]);
    expect(documentToMarkdown(document)).toContain('{% update date="soon" %}');
  });

  it('{% @integration/block props %} is an integration block', () => {
    const markdown = '{% @github-files/github-code-block url="https://github.com/o/r/blob/main/a.js" %}\n';
    const document = roundTrips(markdown);
    expect(documentSchemaErrors(document)).toEqual([]);
    expect(document.nodes[0]).toMatchObject({
      type: 'integration',
      isVoid: true,
      data: { integration: 'github-files', block: 'github-code-block', props: { url: 'https://github.com/o/r/blob/main/a.js' } },
    });
  });

  it('an HTML table with column widths keeps them (grid columnWidths) and is written as HTML', () => {
    const markdown =
      '<table><thead><tr><th width="101">Code</th><th>Message</th></tr></thead><tbody><tr><td><code>4101</code></td><td>Failed <strong>badly</strong> </td></tr></tbody></table>\n';
    const document = roundTrips(markdown);
    expect(documentSchemaErrors(document)).toEqual([]);
    const [table] = document.nodes;
    if (table.type !== 'table' || table.data.view.type !== 'grid') throw new Error('expected a grid table');
    expect(Object.values(table.data.view.columnWidths ?? {})).toEqual([101]);
  });

  it('lists and paragraphs inside HTML table cells stay lists and paragraphs', () => {
    const markdown =
      '<table><thead><tr><th width="120">Name</th><th>Items</th></tr></thead><tbody><tr><td>x</td><td><p>Two:</p><ul><li>one</li><li><strong>two</strong></li></ul></td></tr></tbody></table>\n';
    const document = roundTrips(markdown);
    expect(documentSchemaErrors(document)).toEqual([]);
    const [table] = document.nodes;
    if (table.type !== 'table') throw new Error('expected a table');
    expect(table.fragments[1].nodes.map((block) => block.type)).toEqual(['paragraph', 'list-unordered']);
  });

  it('a card-view table keeps its target and cover columns (hidden), as GitBook writes it', () => {
    const markdown =
      '<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-target data-type="content-ref"></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td><strong>Card one</strong></td><td><a href="one.md">one.md</a></td><td><a href=".gitbook/assets/a.png">a.png</a></td></tr></tbody></table>\n';
    const document = roundTrips(markdown);
    const [table] = document.nodes;
    if (table.type !== 'table' || table.data.view.type !== 'cards') throw new Error('expected a cards table');
    const { view, definition } = table.data;
    expect(view.columns).toHaveLength(1);
    expect(definition[view.targetDefinition!].type).toBe('content-ref');
    // `data-type="files"`: the official `files` column (GitBook's newer covers are `data-type="image"`).
    expect(definition[view.coverDefinition!].type).toBe('files');
    const [record] = Object.values(table.data.records);
    expect(record.values[view.targetDefinition!]).toEqual({ kind: 'url', url: 'one.md' });
    expect(record.values[view.coverDefinition!]).toEqual({ ref: { kind: 'url', url: '.gitbook/assets/a.png' } });
  });

  it('a table after text in a list item stays a table (the item is written loose)', () => {
    // A loose item: its content is indented to the next tab stop, as GitBook writes it.
    const markdown = '*   **Compared**:\n\n    | Removed | Added |\n    | ------- | ----- |\n    | `a`     | `b`   |\n';
    const document = roundTrips(markdown);
    const [list] = document.nodes;
    if (list.type !== 'list-unordered') throw new Error('expected a list');
    expect(list.nodes[0].nodes.map((block) => block.type)).toEqual(['paragraph', 'table']);
  });
});

describe('GitBook constructs found on other repositories (issue #27)', () => {
  it('a framed figure, <div data-with-frame="true">, is an images block withFrame, written back framed', () => {
    const markdown = '<div data-with-frame="true"><figure><img src="shots/panel.png" alt=""><figcaption></figcaption></figure></div>\n';
    const document = roundTrips(markdown);
    expect(documentSchemaErrors(document)).toEqual([]);
    const [images] = document.nodes;
    expect(images).toMatchObject({
      type: 'images',
      data: { withFrame: true },
      nodes: [{ type: 'image', data: { ref: { kind: 'url', url: 'shots/panel.png' } } }],
    });
  });

  it('a framed, centred figure keeps both options', () => {
    const markdown =
      '<div align="center" data-with-frame="true"><figure><img src="a.png" alt="A chart"><figcaption><p>Sales</p></figcaption></figure></div>\n';
    const document = roundTrips(markdown);
    expect(document.nodes[0]).toMatchObject({ type: 'images', data: { align: 'center', withFrame: true } });
  });

  it('a closing tag indented under the last list item (as Prettier writes it) still closes the block above the list', () => {
    const markdown = '{% hint style="success" %}\nTwo ways:\n\n- One way\n- Another way\n  {% endhint %}\n\nAfter.\n';
    const document = read(markdown);
    expect(document.nodes.map((node) => node.type)).toEqual(['hint', 'paragraph']);
    expect(documentSchemaErrors(document)).toEqual([]);
    const [hint] = document.nodes;
    expect(hint.type === 'hint' && hint.nodes.map((node) => node.type)).toEqual(['paragraph', 'list-unordered']);
    const written = documentToMarkdown(document);
    expect(documentToMarkdown(read(written))).toBe(written);
  });

  it('a closing tag inside a nested list item closes its block too, and one that closes a block of its own item stays in it', () => {
    const nested = read('{% tabs %}\n{% tab title="A" %}\n* Top\n  * Inner\n    {% endtab %}\n{% endtabs %}\n');
    expect(nested.nodes.map((node) => node.type)).toEqual(['tabs']);
    expect(constructsLeftAsText(nested.nodes)).toEqual([]);
    const own = read('* Item\n\n  {% hint style="info" %}\n  Inside.\n  {% endhint %}\n');
    expect(own.nodes[0]).toMatchObject({ type: 'list-unordered', nodes: [{ nodes: [{ type: 'paragraph' }, { type: 'hint' }] }] });
  });

  it('paragraphs and lists in a Markdown table cell (<p>, <ul> as GitBook writes them) are cell blocks, written back in the cell', () => {
    const markdown = [
      '| Option | Values                                                         |',
      '| ------ | -------------------------------------------------------------- |',
      '| `mode` | <p>Either <code>fast</code></p><p>or <strong>safe</strong></p> |',
      '| `tags` | <ul><li>red</li><li>green</li></ul>                            |',
      '',
    ].join('\n');
    const document = roundTrips(markdown);
    expect(documentSchemaErrors(document)).toEqual([]);
    const [table] = document.nodes;
    if (table.type !== 'table') throw new Error('expected a table');
    const blocks = table.fragments.map((fragment) => fragment.nodes.map((block) => block.type).join(','));
    expect(blocks).toEqual(['paragraph', 'paragraph,paragraph', 'paragraph', 'list-unordered']);
  });

  it('a table without widths whose cells hold paragraphs is written as GitBook writes it: a Markdown table', () => {
    const html =
      '<table><thead><tr><th>A</th><th>B</th></tr></thead><tbody><tr><td>one</td><td><p>x</p><p>y</p></td></tr></tbody></table>\n';
    const written = documentToMarkdown(read(html));
    expect(written).toBe('| A   | B                |\n| --- | ---------------- |\n| one | <p>x</p><p>y</p> |\n');
    expect(documentToMarkdown(read(written))).toBe(written);
  });
});
