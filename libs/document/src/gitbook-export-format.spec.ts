// Issue #27: Markdown written as GitBook's own export writes it (so an import followed by an
// export leaves untouched files alone), and the last constructs that came through as text:
// buttons and files hosted elsewhere. Fragments as GitBook writes them.
import { type Document, documentToMarkdown, markdownToDocument } from './index';
import { counterKeys } from './testing/counter-keys';
import { documentSchemaErrors } from './testing/document-schema';

const read = (markdown: string): Document => markdownToDocument(markdown, { newKey: counterKeys() });

/** Reads `markdown`, checks it writes back unchanged, stably, and validates; returns the document. */
function roundTrips(markdown: string): Document {
  const document = read(markdown);
  expect(documentToMarkdown(document)).toBe(markdown);
  expect(documentToMarkdown(read(documentToMarkdown(document)))).toBe(markdown);
  expect(documentSchemaErrors(document)).toEqual([]);
  return document;
}

describe("GitBook's export format", () => {
  it('lists: `*` bullets; an item with a code block is loose at the next tab stop, its neighbours stay tight', () => {
    roundTrips(
      '* **Update Link Target Attributes**\\\n  Target attributes will not be processed.\n' +
        '*   **Sanitize Code**\\\n    The payload looks like this:\n\n    ```json\n    {\n      "disableHtmlSanitizer": true\n    }\n    ```\n' +
        '* **Key Elements**:\n  * `definitions.schema.json` (for padding definitions)\n',
    );
    roundTrips('1. Log in.\n2.  Click **Create New API Key**.\n\n    A pop up will appear.\n3. Done.\n');
  });

  it('emphasis `_`, dividers `***`, padded tables', () => {
    roundTrips(
      '* **Secondary Button:** 🆕 _Keep_\n\n***\n\n| Resource      | Options |\n| ------------- | ------- |\n| `/plain-text` | `/html` |\n',
    );
  });

  it('a block image is a figure, its caption in a <p>', () => {
    const document = roundTrips(
      '<figure><img src="../../.gitbook/assets/diagram.png" alt=""><figcaption><p>Diagram of the API offering</p></figcaption></figure>\n\n' +
        '<figure><img src=".gitbook/assets/hero-sdk.png" alt=""><figcaption></figcaption></figure>\n',
    );
    expect(document.nodes.map((node) => node.type)).toEqual(['images', 'images']);
    // A Markdown image alone in its paragraph is written the same way.
    expect(documentToMarkdown(read('![Flow](https://x.io/flow.png)\n'))).toBe(
      '<figure><img src="https://x.io/flow.png" alt="Flow"><figcaption></figcaption></figure>\n',
    );
  });

  it('a figure closing a tab is followed by the closing tag on the next line, not read as HTML', () => {
    const written =
      '{% tabs %}\n{% tab title="Shot" %}\n<figure><img src="https://x.io/a.png" alt="a"><figcaption></figcaption></figure>\n{% endtab %}\n{% endtabs %}\n';
    const document = roundTrips(written);
    // Written with a blank line before the closing tag (as Bindery once did), it is the same document.
    expect(read(written.replace('</figure>\n', '</figure>\n\n'))).toEqual(document);
  });

  it('HTML right before a closing tag ends at the tag: figures, tables and details in hints, columns and steps', () => {
    const figure = '<figure><img src="a.png" alt=""><figcaption></figcaption></figure>';
    const table = '<table><thead><tr><th>A</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>';
    const column = (body: string) =>
      `{% columns %}\n{% column %}\n${body}\n{% endcolumn %}\n\n{% column %}\nText\n{% endcolumn %}\n{% endcolumns %}\n`;
    roundTrips(column(figure));
    roundTrips(`{% stepper %}\n{% step %}\n### Step\n\n${figure}\n{% endstep %}\n{% endstepper %}\n`);
    roundTrips(`{% stepper %}\n{% step %}\n<details>\n\n<summary>More</summary>\n\nBody\n\n</details>\n{% endstep %}\n{% endstepper %}\n`);
    expect(documentSchemaErrors(read(column(table)))).toEqual([]);
    expect(documentToMarkdown(read(column(table)))).not.toContain('```');
    // A figure in a hint (the schema allows none there) closes the hint before it; nothing is left as HTML code.
    const hint = documentToMarkdown(read(`{% hint style="info" %}\nSee:\n\n${figure}\n{% endhint %}\n\nAfter.\n`));
    expect(hint).toBe(`{% hint style="info" %}\nSee:\n{% endhint %}\n\n${figure}\n\nAfter.\n`);
  });
});

describe('GitBook constructs of issue #27: buttons and external files', () => {
  it('<a class="button …"> is an inline button (kind, icon), written back as GitBook writes it', () => {
    const document = roundTrips(
      'Start here: <a href="https://app.example.com/join" class="button primary">Sign up</a> or <a href="https://github.com/example" class="button secondary" data-icon="github">GitHub</a>.\n',
    );
    const [paragraph] = document.nodes;
    if (paragraph.type !== 'paragraph') throw new Error('expected a paragraph');
    expect(paragraph.nodes.filter((node) => node.object === 'inline')).toEqual([
      expect.objectContaining({
        type: 'button',
        isVoid: true,
        data: { ref: { kind: 'url', url: 'https://app.example.com/join' }, label: 'Sign up', kind: 'primary' },
      }),
      expect.objectContaining({
        type: 'button',
        data: { ref: { kind: 'url', url: 'https://github.com/example' }, label: 'GitHub', kind: 'secondary', icon: 'github' },
      }),
    ]);
  });

  it('a button whose reference cannot be written keeps its label', () => {
    const document = read('<a href="getting-started.md" class="button primary">Get started</a>\n');
    expect(documentToMarkdown(document, { resolveRef: () => undefined })).toBe('Get started\n');
  });

  it('{% file src="https://…" %} (a file hosted elsewhere) is an embed of its URL, valid against the schema', () => {
    const document = read('{% file src="https://example.com/files/guide.pdf" %}\nThe full guide\n{% endfile %}\n');
    expect(documentSchemaErrors(document)).toEqual([]);
    expect(document.nodes[0]).toMatchObject({ type: 'embed', isVoid: true, data: { url: 'https://example.com/files/guide.pdf' } });
    // Its caption stays its caption.
    expect(documentToMarkdown(document)).toBe('{% embed url="https://example.com/files/guide.pdf" %}\nThe full guide\n{% endembed %}\n');
    // A file of the repository stays a file block.
    expect(read('{% file src="../.gitbook/assets/guide.pdf" %}\n').nodes[0]).toMatchObject({ type: 'file' });
  });
});
