import { documentToMarkdown, markdownToDocument, type Document, type DocumentBlock } from './index';
import { documentSchemaErrors } from './testing/document-schema';

/** Markdown → Document → Markdown, for input already in the writer's canonical form. */
function roundTrip(markdown: string): { document: Document; markdown: string } {
  const document = markdownToDocument(markdown);
  return { document, markdown: documentToMarkdown(document) };
}

function expectLossless(markdown: string): Document {
  const result = roundTrip(markdown);
  expect(result.markdown).toBe(markdown);
  expect(documentSchemaErrors(result.document)).toEqual([]);
  return result.document;
}

const first = (document: Document): DocumentBlock => document.nodes[0];
const leafTexts = (document: Document): string[] =>
  JSON.stringify(document)
    .match(/"text":"((?:[^"\\]|\\.)*)"/g)!
    .map((match) => JSON.parse(match.slice(7)) as string);

describe('Markdown round trips, construct by construct', () => {
  // GitBook's Git Sync writes the page title as `#` and heading-1..3 one level lower.
  it.each([1, 2, 3])('heading level %i is written with one more `#` than its level', (level) => {
    const document = expectLossless(`${'#'.repeat(level + 1)} Getting started\n`);
    expect(first(document).type).toBe(`heading-${level}`);
  });

  it('maps a `#` in the body to level 1 and headings deeper than `####` to level 3, and keeps them there', () => {
    const document = markdownToDocument('# Top\n\n##### Deep\n\n###### Deeper\n');
    expect(document.nodes.map((block) => block.type)).toEqual(['heading-1', 'heading-3', 'heading-3']);
    expect(documentToMarkdown(document)).toBe('## Top\n\n#### Deep\n\n#### Deeper\n');
  });

  it('paragraph marks: bold, italic, strikethrough, code and their nesting', () => {
    const document = expectLossless('Plain **bold _both_** ~~struck~~ `code()` and _italic_.\n');
    const paragraph = first(document);
    if (paragraph.type !== 'paragraph') throw new Error('expected a paragraph');
    const leaves = paragraph.nodes.flatMap((node) => (node.object === 'text' ? node.leaves : []));
    expect(leaves.map((leaf) => [leaf.text, leaf.marks.map((mark) => mark.type)])).toEqual([
      ['Plain ', []],
      ['bold ', ['bold']],
      ['both', ['bold', 'italic']],
      [' ', []],
      ['struck', ['strikethrough']],
      [' ', []],
      ['code()', ['code']],
      [' and ', []],
      ['italic', ['italic']],
      ['.', []],
    ]);
  });

  it('links keep their URL and marked text', () => {
    const document = expectLossless('See [the **API** guide](https://example.com/api?x=1) now.\n');
    const paragraph = first(document);
    if (paragraph.type !== 'paragraph') throw new Error('expected a paragraph');
    const link = paragraph.nodes[1];
    expect(link).toMatchObject({ object: 'inline', type: 'link', data: { ref: { kind: 'url', url: 'https://example.com/api?x=1' } } });
  });

  it('reference links resolve to plain links', () => {
    const document = markdownToDocument('Read [the docs][docs].\n\n[docs]: https://example.com/docs\n');
    expect(documentToMarkdown(document)).toBe('Read [the docs](https://example.com/docs).\n');
  });

  it('hard line breaks are "\\n" in text; soft ones are spaces', () => {
    const document = expectLossless('first line\\\nsecond line\n');
    expect(leafTexts(document)).toEqual(['first line\nsecond line']);
    expect(documentToMarkdown(markdownToDocument('wrapped\ntext\n'))).toBe('wrapped text\n');
  });

  it('unordered, ordered (with start) and nested lists', () => {
    const document = expectLossless('* one\n* two\n  1. inner\n  2. inner two\n\n3. three\n4. four\n');
    expect(document.nodes.map((block) => block.type)).toEqual(['list-unordered', 'list-ordered']);
    expect(document.nodes[1]).toMatchObject({ data: { start: 3 } });
  });

  it('task lists keep each item state', () => {
    const document = expectLossless('* [ ] write docs\n* [x] ship it\n');
    expect(first(document)).toMatchObject({
      type: 'list-tasks',
      nodes: [
        { type: 'list-item', data: { checked: false } },
        { type: 'list-item', data: { checked: true } },
      ],
    });
  });

  it('tables: header, alignment, rich cells and line breaks in cells', () => {
    // Padded, as GitBook's export writes tables.
    const markdown =
      '| Name |    Type    | Default |\n| ---- | :--------: | ------: |\n| `id` | **string** |  a<br>b |\n| x    |      y     |         |\n';
    const document = expectLossless(markdown);
    const table = first(document);
    if (table.type !== 'table') throw new Error('expected a table');
    const columns = table.data.view.columns.map((id) => table.data.definition[id]);
    expect(columns.map((column) => [column.title, column.textAlignment])).toEqual([
      ['Name', 'left'],
      ['Type', 'center'],
      ['Default', 'right'],
    ]);
    expect(Object.keys(table.data.records)).toHaveLength(2);
  });

  it('fenced code with language and title', () => {
    const document = expectLossless(
      '{% code title="server.ts" lineNumbers="true" %}\n```typescript\nconst a = 1;\n\nexport { a };\n```\n{% endcode %}\n',
    );
    expect(first(document)).toMatchObject({ type: 'code', data: { syntax: 'typescript', title: 'server.ts', lineNumbers: true } });
    expect((first(document) as { nodes: unknown[] }).nodes).toHaveLength(3);
  });

  it('a fence meta title is read as the code title', () => {
    const document = markdownToDocument('```js title="app.js"\nrun()\n```\n');
    expect(first(document)).toMatchObject({ type: 'code', data: { syntax: 'js', title: 'app.js' } });
    expect(documentToMarkdown(document)).toBe('{% code title="app.js" %}\n```js\nrun()\n```\n{% endcode %}\n');
  });

  it('blockquotes, nested', () => {
    const document = expectLossless('> quoted **text**\n>\n> > deeper\n');
    expect(first(document)).toMatchObject({ type: 'blockquote', nodes: [{ type: 'paragraph' }, { type: 'blockquote' }] });
  });

  it('images with alt and caption, alone and side by side', () => {
    const document = expectLossless(
      // Block images are written as GitBook's export writes them: figures.
      '<figure><img src="https://example.com/a.png" alt="Architecture"><figcaption><p>The big picture</p></figcaption></figure>\n\n' +
        '![one](https://x.io/1.png) ![two](https://x.io/2.png)\n',
    );
    expect(document.nodes[0]).toMatchObject({
      type: 'images',
      nodes: [
        {
          type: 'image',
          data: { ref: { kind: 'url', url: 'https://example.com/a.png' }, alt: 'Architecture' },
          fragments: [{ fragment: 'caption' }],
        },
      ],
    });
    expect((document.nodes[1] as { nodes: unknown[] }).nodes).toHaveLength(2);
  });

  it("GitBook's <figure> images are read as images with their caption", () => {
    const html = '<figure><img src="https://x.io/flow.png" alt="Flow"><figcaption><p>How a request flows</p></figcaption></figure>\n';
    const document = markdownToDocument(html);
    expect(first(document)).toMatchObject({
      type: 'images',
      nodes: [{ type: 'image', data: { ref: { url: 'https://x.io/flow.png' }, alt: 'Flow' }, fragments: [{ fragment: 'caption' }] }],
    });
    expect(leafTexts(document)).toEqual(['How a request flows']);
    expect(documentToMarkdown(document)).toBe(
      '<figure><img src="https://x.io/flow.png" alt="Flow"><figcaption><p>How a request flows</p></figcaption></figure>\n',
    );
  });

  it('an image inside text is an inline image', () => {
    const document = expectLossless('Click ![icon](https://x.io/i.svg) to start.\n');
    expect(first(document)).toMatchObject({ type: 'paragraph', nodes: [{}, { type: 'inline-image', data: { alt: 'icon' } }, {}] });
  });

  it('horizontal rules', () => {
    // GitBook's export writes dividers `***` (which, opening a page, cannot be read as frontmatter).
    expect(expectLossless('Text.\n\n***\n').nodes[1]).toMatchObject({ type: 'divider', isVoid: true });
    expect(first(expectLossless('***\n'))).toMatchObject({ type: 'divider', isVoid: true });
  });

  it.each(['info', 'warning', 'danger', 'success'])('hint %s', (style) => {
    const document = expectLossless(`{% hint style="${style}" %}\nMind the **gap**.\n\n* and this\n{% endhint %}\n`);
    expect(first(document)).toMatchObject({ type: 'hint', data: { style }, nodes: [{ type: 'paragraph' }, { type: 'list-unordered' }] });
  });

  it('tabs with titles and rich content', () => {
    const markdown =
      '{% tabs %}\n{% tab title="npm" %}\n```bash\nnpm install bindery\n```\n{% endtab %}\n\n{% tab title="Yarn" %}\nRun `yarn add bindery`.\n{% endtab %}\n{% endtabs %}\n';
    const document = expectLossless(markdown);
    expect(first(document)).toMatchObject({
      type: 'tabs',
      nodes: [
        { type: 'tabs-item', data: { title: 'npm' }, nodes: [{ type: 'code' }] },
        { type: 'tabs-item', data: { title: 'Yarn' } },
      ],
    });
  });

  it("content references, in GitBook's one-line and multi-line forms", () => {
    // Labelled with the file name, as GitBook's export labels it.
    const markdown = '{% content-ref url="guides/setup.md" %}\n[setup.md](guides/setup.md)\n{% endcontent-ref %}\n';
    const document = expectLossless(markdown);
    expect(first(document)).toMatchObject({ type: 'content-ref', data: { ref: { kind: 'url', url: 'guides/setup.md' } } });
    const oneLine = '{% content-ref url="guides/setup.md" %}[setup](guides/setup.md){% endcontent-ref %}\n';
    expect(documentToMarkdown(markdownToDocument(oneLine))).toBe(markdown);
  });

  it('embeds', () => {
    const document = expectLossless('{% embed url="https://www.youtube.com/watch?v=abc" %}\n');
    expect(first(document)).toMatchObject({ type: 'embed', isVoid: true, data: { url: 'https://www.youtube.com/watch?v=abc' } });
  });

  it('details expandables with a rich summary and body', () => {
    const markdown = '<details>\n\n<summary>How do I _reset_ it?</summary>\n\nHold the **button**.\n\n* ten seconds\n\n</details>\n';
    const document = expectLossless(markdown);
    expect(first(document)).toMatchObject({
      type: 'expandable',
      fragments: [
        { fragment: 'expandable-title', nodes: [{ type: 'paragraph' }] },
        { fragment: 'expandable-body', nodes: [{ type: 'paragraph' }, { type: 'list-unordered' }] },
      ],
    });
  });

  it('inline HTML formatting becomes marks', () => {
    const document = markdownToDocument('Press <strong>Save</strong> or <code>Ctrl</code> + <em>S</em>.\n');
    expect(documentToMarkdown(document)).toBe('Press **Save** or `Ctrl` + _S_.\n');
  });

  it('details written without blank lines, and open by default', () => {
    const document = markdownToDocument('<details open><summary>Title</summary>Body **text**</details>\n');
    expect(first(document)).toMatchObject({ type: 'expandable', data: { defaultExpanded: true } });
    expect(documentToMarkdown(document)).toBe('<details open>\n\n<summary>Title</summary>\n\nBody **text**\n\n</details>\n');
  });

  it('GitBook blocks nest: a hint and code inside tabs, a table inside a hint', () => {
    const markdown =
      [
        '{% tabs %}\n{% tab title="One" %}\n{% hint style="warning" %}\nCareful.\n{% endhint %}\n{% endtab %}\n{% endtabs %}',
        '{% hint style="info" %}\n| a | b |\n| - | - |\n| 1 | 2 |\n{% endhint %}',
      ].join('\n\n') + '\n';
    const document = expectLossless(markdown);
    expect(document.nodes[0]).toMatchObject({ type: 'tabs', nodes: [{ nodes: [{ type: 'hint', data: { style: 'warning' } }] }] });
    expect(document.nodes[1]).toMatchObject({ type: 'hint', nodes: [{ type: 'table' }] });
  });

  it('GitBook blocks inside list items', () => {
    expectLossless('1.  Install:\n\n    {% hint style="info" %}\n    Needs Node 20.\n    {% endhint %}\n2. Run it.\n');
  });
});

describe('input the document model cannot express is kept, not dropped', () => {
  it('unclosed or unknown Liquid tags stay visible, as noted code blocks of their source', () => {
    const markdown = '{% hint style="info" %}\n\nNever closed.\n\n{% swagger src="x.yaml" %}\n';
    const document = markdownToDocument(markdown.replace('\n\n', '\n'));
    expect(document.nodes.map((block) => block.type)).toEqual(['code', 'paragraph', 'code']);
    expect(document.nodes[0]).toMatchObject({ data: { syntax: 'markdown', title: 'GitBook block not converted, kept as written' } });
    expect(documentToMarkdown(document)).toBe(markdown);
    expect(documentToMarkdown(markdownToDocument(markdown))).toBe(markdown);
  });

  it('a hint style of no official one nor alias stays visible: its tags as noted code blocks, its text a paragraph', () => {
    const document = markdownToDocument('{% hint style="fancy" %}\nText\n{% endhint %}\n');
    expect(document.nodes.map((block) => block.type)).toEqual(['code', 'paragraph', 'code']);
    expect(leafTexts(document).join('|')).toContain('{% hint style="fancy" %}');
  });

  it('a block a container may not hold (code in a hint) becomes a literal paragraph, valid and stable', () => {
    const markdown = '{% hint style="info" %}\n```sh\nrm -rf build\n```\n{% endhint %}\n';
    const document = markdownToDocument(markdown);
    expect(documentSchemaErrors(document)).toEqual([]);
    expect(leafTexts(document).join('')).toContain('rm -rf build');
    const once = documentToMarkdown(document);
    expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
  });

  it('a GitBook block its container may not hold is opened up: tags as text, content kept in place', () => {
    const document = markdownToDocument('> {% hint style="info" %}\n> Inside **the** quote.\n> {% endhint %}\n');
    expect(documentSchemaErrors(document)).toEqual([]);
    expect(first(document)).toMatchObject({
      type: 'blockquote',
      nodes: [{ type: 'paragraph' }, { type: 'paragraph' }, { type: 'paragraph' }],
    });
    expect(leafTexts(document)).toEqual(['{% hint style="info" %}', 'Inside ', 'the', ' quote.', '{% endhint %}']);
    const once = documentToMarkdown(document);
    expect(once).toBe('> {% hint style="info" %}\n>\n> Inside **the** quote.\n>\n> {% endhint %}\n');
    expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
  });

  it('text that would read back as a Liquid line is escaped', () => {
    const document = markdownToDocument('\\{% hint style="info" %} is how a hint starts {% endhint %}\n');
    expect(leafTexts(document)).toEqual(['{% hint style="info" %} is how a hint starts {% endhint %}']);
    expect(documentToMarkdown(document)).toBe('\\{% hint style="info" %} is how a hint starts {% endhint %}\n');
  });

  it('raw HTML blocks are kept as text', () => {
    const document = markdownToDocument('<div align="center">Hi</div>\n');
    expect(leafTexts(document)).toEqual(['<div align="center">Hi</div>']);
  });

  it('empty input is an empty document', () => {
    const document = markdownToDocument('');
    expect(document).toEqual({ object: 'document', data: {}, nodes: [] });
    expect(documentToMarkdown(document)).toBe('');
  });
});
