// The GitBook format beyond CommonMark (issue #13, "The format, completely"): each construct
// becomes its official block, mark or inline, is written back the GitBook way, and reads back the
// same (Markdown → Document → Markdown → Document is stable from the first pass).
import { type Document, type DocumentBlock, documentToMarkdown, markdownToDocument } from './index';
import { counterKeys } from './testing/counter-keys';
import { documentSchemaErrors } from './testing/document-schema';

const read = (markdown: string): Document => markdownToDocument(markdown, { newKey: counterKeys() });
const types = (blocks: DocumentBlock[]): string[] => blocks.map((block) => block.type);

/** Converts, checks that the written Markdown reads back to the same document and writes the same, returns both. */
function stable(markdown: string): { document: Document; written: string } {
  const document = read(markdown);
  const written = documentToMarkdown(document);
  expect(withoutKeys(read(written))).toEqual(withoutKeys(document));
  expect(documentToMarkdown(read(written))).toBe(written);
  return { document, written };
}

/** Keys are drawn in conversion order, which may differ between equal documents. */
function withoutKeys(document: Document): unknown {
  return JSON.parse(JSON.stringify(document, (name, value: unknown) => (name === 'key' ? undefined : value)));
}

function valid(document: Document): void {
  expect(documentSchemaErrors(document)).toEqual([]);
}

const leaves = (block: DocumentBlock) =>
  ('nodes' in block ? block.nodes : []).flatMap((node) => (node.object === 'text' ? node.leaves : []));

describe('GitBook HTML', () => {
  it('reads a <table> with <thead>, inline markup and <br> in cells into a table block', () => {
    const { document, written } = stable(
      '<table><thead><tr><th width="120">Name</th><th align="right">Notes</th></tr></thead><tbody>' +
        '<tr><td><strong>id</strong> <a href="https://example.com/x">ref</a></td><td><p>one</p><p>two<br>three</p></td></tr></tbody></table>\n',
    );
    valid(document);
    const [table] = document.nodes;
    if (table.type !== 'table') throw new Error('expected a table');
    expect(Object.values(table.data.definition).map((column) => [column.title, column.textAlignment])).toEqual([
      ['Name', 'left'],
      ['Notes', 'right'],
    ]);
    // A column width is written the GitBook way, as the HTML table it was (issue #27), the column's
    // alignment repeated on its cells as GitBook writes it.
    expect(written).toBe(
      '<table><thead><tr><th width="120">Name</th><th align="right">Notes</th></tr></thead><tbody>' +
        '<tr><td><strong>id</strong> <a href="https://example.com/x">ref</a></td><td align="right"><p>one</p><p>two<br>three</p></td></tr></tbody></table>\n',
    );
  });

  it('reads <figure> with <img width> and <figcaption>, and a <picture> with a dark variant, as images', () => {
    const { document, written } = stable(
      '<figure><img src="https://example.com/a.png" alt="A" width="300"><figcaption><p>The caption</p></figcaption></figure>\n',
    );
    valid(document);
    const [images] = document.nodes;
    if (images.type !== 'images') throw new Error('expected images');
    expect(images.nodes[0].data).toEqual({ ref: { kind: 'url', url: 'https://example.com/a.png' }, alt: 'A', width: 300 });
    expect(written).toBe(
      '<figure><img src="https://example.com/a.png" alt="A" width="300"><figcaption><p>The caption</p></figcaption></figure>\n',
    );

    const picture = read(
      '<picture><source srcset="https://example.com/dark.png" media="(prefers-color-scheme: dark)"><img src="https://example.com/light.png" alt=""></picture>\n',
    ).nodes[0];
    if (picture.type !== 'images') throw new Error('expected images');
    expect(picture.nodes[0].data.refDark).toEqual({ kind: 'url', url: 'https://example.com/dark.png' });
  });

  it('reads a bare <img> with width inside <div align> as aligned images', () => {
    const { document, written } = stable('<div align="center"><img src="https://example.com/a.png" alt="" width="50%"></div>\n');
    valid(document);
    const [images] = document.nodes;
    if (images.type !== 'images') throw new Error('expected images');
    expect(images.data).toEqual({ align: 'center' });
    expect(images.nodes[0].data.width).toEqual({ value: 50, unit: '%' });
    expect(written).toContain('<div align="center"><figure><img src="https://example.com/a.png" alt="" width="50%">');
  });

  it('reads <mark> (with its colours), <kbd>, <sup>, <sub> and GitBook emoji as marks and inlines', () => {
    const source =
      'Press <kbd>Ctrl</kbd>, <mark style="color:red;background-color:yellow;">hot</mark>, x<sup>2</sup>, H<sub>2</sub>O ' +
      '<span data-gb-custom-inline data-tag="emoji" data-code="2705">✅</span>\n';
    const { document, written } = stable(source);
    valid(document);
    const [paragraph] = document.nodes;
    expect(leaves(paragraph).flatMap((leaf) => leaf.marks)).toEqual([
      { object: 'mark', type: 'keyboard' },
      { object: 'mark', type: 'color', data: { text: 'red', background: 'yellow' } },
      { object: 'mark', type: 'superscript' },
      { object: 'mark', type: 'subscript' },
    ]);
    if (paragraph.type !== 'paragraph') throw new Error('expected a paragraph');
    expect(paragraph.nodes.find((node) => node.object === 'inline')).toMatchObject({ type: 'emoji', data: { code: '2705' } });
    expect(written).toBe(source);
  });

  it('reads <pre><code class="language-…"> as a code block', () => {
    const { document } = stable(
      '<pre class="language-javascript"><code class="lang-javascript">const a = 1;\n<strong>run(a);</strong>\n</code></pre>\n',
    );
    valid(document);
    const [code] = document.nodes;
    if (code.type !== 'code') throw new Error('expected code');
    expect(code.data.syntax).toBe('javascript');
    expect(code.nodes.map((line) => line.nodes[0].leaves[0].text)).toEqual(['const a = 1;', 'run(a);']);
  });

  it('takes a heading anchor as the heading id and writes it back', () => {
    const { document, written } = stable('## Getting started <a href="#start" id="start"></a>\n');
    valid(document);
    expect(document.nodes[0]).toMatchObject({ type: 'heading-1', data: { id: 'start' } });
    expect(leaves(document.nodes[0]).map((leaf) => leaf.text)).toEqual(['Getting started']);
    expect(written).toBe('## Getting started <a href="#start" id="start"></a>\n');
  });

  it('keeps unknown HTML as an HTML code block, not prose', () => {
    const { document } = stable('<div class="app"><p>Unknown</p></div>\n');
    expect(document.nodes[0]).toMatchObject({ type: 'code', data: { syntax: 'html' } });
  });
});

describe('GitBook Liquid blocks', () => {
  it('{% stepper %}/{% step %} → stepper of stepper-steps, a code block in a step staying code', () => {
    const { document, written } = stable(
      '{% stepper %}\n{% step %}\n### Install\n\n```bash\nnpm i\n```\n{% endstep %}\n\n{% step %}\nRun it.\n{% endstep %}\n{% endstepper %}\n',
    );
    valid(document);
    const [stepper] = document.nodes;
    if (stepper.type !== 'stepper') throw new Error('expected a stepper');
    expect(stepper.nodes.map((step) => types(step.nodes))).toEqual([['heading-2', 'code'], ['paragraph']]);
    expect(written).toContain('{% step %}\n### Install');
  });

  it('{% columns %}/{% column width %} → columns of columns with their width', () => {
    const { document } = stable(
      '{% columns %}\n{% column width="50%" %}\nLeft\n{% endcolumn %}\n\n{% column %}\nRight\n{% endcolumn %}\n{% endcolumns %}\n',
    );
    valid(document);
    const [columns] = document.nodes;
    if (columns.type !== 'columns') throw new Error('expected columns');
    expect(columns.nodes.map((column) => column.data)).toEqual([{ width: { value: 50, unit: '%' } }, {}]);
  });

  it('{% if %} → a conditional block with its expression', () => {
    const { document, written } = stable(`{% if visitor.claims.plan == "pro" %}\nPro only\n{% endif %}\n`);
    valid(document);
    expect(document.nodes[0]).toMatchObject({ type: 'if', data: { expression: 'visitor.claims.plan == "pro"' } });
    expect(written).toBe(`{% if visitor.claims.plan == "pro" %}\nPro only\n{% endif %}\n`);
  });

  it('{% updates %}/{% update date %} → updates of update blocks', () => {
    const { document } = stable(
      '{% updates format="short" %}\n{% update date="2024-06-01" %}\n## New\n\nText\n{% endupdate %}\n{% endupdates %}\n',
    );
    const [updates] = document.nodes;
    if (updates.type !== 'updates') throw new Error('expected updates');
    expect(updates.data).toEqual({ format: 'short' });
    expect(updates.nodes.map((update) => [update.data.date, types(update.nodes)])).toEqual([
      ['2024-06-01T00:00:00.000Z', ['heading-1', 'paragraph']],
    ]);
  });

  it('{% openapi %} and legacy {% swagger src %} → the OpenAPI block; {% openapi-operation %} → openapi-operation', () => {
    const openapi = stable(
      '{% openapi src="https://example.com/api.yaml" path="/pets" method="post" %}\n[api.yaml](https://example.com/api.yaml)\n{% endopenapi %}\n',
    );
    valid(openapi.document);
    expect(openapi.document.nodes[0]).toMatchObject({
      type: 'swagger',
      data: { ref: { kind: 'url', url: 'https://example.com/api.yaml' }, path: '/pets', method: 'post' },
    });
    const swagger = read(
      '{% swagger src="https://example.com/api.yaml" path="/pets" method="get" %}\n[api.yaml](https://example.com/api.yaml)\n{% endswagger %}\n',
    );
    expect(swagger.nodes[0]).toMatchObject({ type: 'swagger', data: { path: '/pets', method: 'get' } });
    const operation = stable(
      '{% openapi-operation spec="petstore" path="/pets" method="get" %}\n[petstore](petstore)\n{% endopenapi-operation %}\n',
    );
    valid(operation.document);
    expect(operation.document.nodes[0]).toMatchObject({ type: 'openapi-operation', data: { ref: { kind: 'openapi', spec: 'petstore' } } });
  });

  it('a hand-written {% swagger %} (no src) with its parts becomes one operation block, written back as it was', () => {
    const source =
      '{% swagger method="get" path="/pets" baseUrl="https://api.example.com" summary="List pets" %}\n{% swagger-description %}\nAll the pets.\n{% endswagger-description %}\n\n' +
      '{% swagger-parameter in="query" name="limit" type="integer" %}\nHow many.\n{% endswagger-parameter %}\n\n{% swagger-response status="200: OK" description="" %}\n```json\n[]\n```\n{% endswagger-response %}\n{% endswagger %}\n';
    const { document, written } = stable(source);
    valid(document);
    expect(types(document.nodes)).toEqual(['swagger']);
    expect(decodeURIComponent(JSON.stringify(document))).toContain('All the pets.');
    expect(decodeURIComponent(JSON.stringify(document))).toContain('How many.');
    expect(written).toBe(source);
  });

  it('{% file %}, {% include %} and legacy {% page-ref %} → file, reusable-content and content-ref blocks', () => {
    const file = stable('{% file src="../assets/guide.pdf" %}\nThe guide\n{% endfile %}\n');
    expect(types(file.document.nodes)).toEqual(['file', 'paragraph']);
    expect(file.document.nodes[0]).toMatchObject({ data: { ref: { kind: 'url', url: '../assets/guide.pdf' } } });
    const include = stable('{% include "../.gitbook/includes/snippet.md" %}\n');
    expect(include.document.nodes[0]).toMatchObject({
      type: 'reusable-content',
      data: { ref: { kind: 'reusable-content', reusableContent: '../.gitbook/includes/snippet.md' } },
    });
    expect(include.written).toBe('{% include "../.gitbook/includes/snippet.md" %}\n');
    const pageRef = read('{% page-ref page="guide/intro.md" %}\n');
    expect(pageRef.nodes[0]).toMatchObject({ type: 'content-ref', data: { ref: { kind: 'url', url: 'guide/intro.md' } } });
  });

  it('{% embed %} with a caption and {% endembed %} keeps the embed and the caption', () => {
    const { document } = stable('{% embed url="https://www.youtube.com/watch?v=x" %}\nA video\n{% endembed %}\n');
    expect(types(document.nodes)).toEqual(['embed', 'paragraph']);
  });
});

describe('nesting and text that must survive', () => {
  it('a code block in a hint stays a code block (the hint closes around it, as the schema allows no code in a hint)', () => {
    const { document } = stable('{% hint style="warning" %}\nBefore\n\n```js\nrun();\n```\n\nAfter\n{% endhint %}\n');
    valid(document);
    expect(types(document.nodes)).toEqual(['hint', 'code', 'hint']);
  });

  it('tables and code blocks in tabs and list items stay tables and code blocks', () => {
    const tabs = stable('{% tabs %}\n{% tab title="JS" %}\n```js\nrun();\n```\n{% endtab %}\n{% endtabs %}\n');
    valid(tabs.document);
    const [tab] = tabs.document.nodes;
    if (tab.type !== 'tabs') throw new Error('expected tabs');
    expect(types(tab.nodes[0].nodes)).toEqual(['code']);
    const list = stable('- Item\n\n  ```js\n  run();\n  ```\n\n  | a | b |\n  | - | - |\n  | 1 | 2 |\n');
    valid(list.document);
    const [items] = list.document.nodes;
    if (items.type !== 'list-unordered') throw new Error('expected a list');
    expect(types(items.nodes[0].nodes)).toEqual(['paragraph', 'code', 'table']);
  });

  it.each(['See https://example.com/docs/a?b=1 now.', 'Or www.example.com today.', 'Mail help@example.com please.'])(
    'a bare URL or e-mail is written back unchanged: %s',
    (text) => {
      const { written, document } = stable(`${text}\n`);
      expect(written).toBe(`${text}\n`);
      expect(JSON.stringify(document)).toContain('"type":"link"');
    },
  );

  it('a hard break at the end of a paragraph survives (written <br>)', () => {
    const { document, written } = stable('Last line<br>\n');
    expect(leaves(document.nodes[0]).map((leaf) => leaf.text)).toEqual(['Last line\n']);
    expect(written).toBe('Last line<br>\n');
  });
});
