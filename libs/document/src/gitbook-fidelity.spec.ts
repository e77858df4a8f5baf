// What real GitBook repositories write, read into official blocks and written back byte for byte
// (issue #27, after gitbook-wild.spec): headings as Git Sync writes them, hint styles of the
// legacy plugin, action buttons, aligned headings and paragraphs. Fragments written for this test.
import { type Document, documentToMarkdown, markdownToDocument } from './index';
import { counterKeys } from './testing/counter-keys';
import { documentSchemaErrors, resolvedLikeGitSync } from './testing/document-schema';

const read = (markdown: string): Document => markdownToDocument(markdown, { newKey: counterKeys() });

function roundTrips(markdown: string): Document {
  const document = read(markdown);
  expect(documentToMarkdown(document)).toBe(markdown);
  expect(read(documentToMarkdown(document))).toEqual(document);
  expect(documentSchemaErrors(resolvedLikeGitSync(document))).toEqual([]);
  return document;
}

describe('headings as Git Sync writes them', () => {
  it('`##`, `###`, `####` are heading-1, -2 and -3 (the page title is the `#`)', () => {
    const document = roundTrips('## Setup\n\n### Install\n\n#### On Linux <a href="#linux" id="linux"></a>\n\nRun it.\n');
    expect(document.nodes.map((block) => [block.type, block.data])).toEqual([
      ['heading-1', {}],
      ['heading-2', {}],
      ['heading-3', { id: 'linux' }],
      ['paragraph', {}],
    ]);
  });

  it('inside containers too (a hint, a step)', () => {
    const document = roundTrips('{% hint style="info" %}\n#### Careful\n\nText.\n{% endhint %}\n');
    expect(document.nodes[0]).toMatchObject({ type: 'hint', nodes: [{ type: 'heading-3' }, { type: 'paragraph' }] });
  });
});

describe('hint styles of the legacy hints plugin', () => {
  it('`tip` and `note` are the closest official style, and written back as written', () => {
    const document = roundTrips(
      '{% hint style="tip" %}\nUse the **shortcut**.\n{% endhint %}\n\n{% hint style="note" %}\nA note.\n{% endhint %}\n',
    );
    expect(document.nodes.map((block) => block.data)).toEqual([
      { style: 'success', sourceStyle: 'tip' },
      { style: 'info', sourceStyle: 'note' },
    ]);
  });

  it('a style changed since is written as the official one', () => {
    const document = read('{% hint style="tip" %}\nText\n{% endhint %}\n');
    const [hint] = document.nodes;
    if (hint.type !== 'hint') throw new Error('expected a hint');
    hint.data.style = 'danger';
    expect(documentToMarkdown(document)).toBe('{% hint style="danger" %}\nText\n{% endhint %}\n');
  });
});

describe('action buttons', () => {
  it('`<button type="button" class="button primary" data-action="ask">` is an inline button with its action', () => {
    const document = roundTrips(
      'Ask: <button type="button" class="button primary" data-action="ask" data-icon="gitbook-assistant">What is new?</button>\n\n' +
        '<button type="button" class="button secondary" data-action="search" data-query="install">Search</button>\n',
    );
    const [first, second] = document.nodes;
    if (first.type !== 'paragraph' || second.type !== 'paragraph') throw new Error('expected paragraphs');
    expect(first.nodes[1]).toMatchObject({
      type: 'button',
      data: { label: 'What is new?', kind: 'primary', icon: 'gitbook-assistant', action: { action: 'ask' } },
    });
    expect(second.nodes[0]).toMatchObject({ type: 'button', data: { kind: 'secondary', action: { action: 'search', query: 'install' } } });
  });

  it('a `<button>` of no GitBook action stays text', () => {
    expect(JSON.stringify(read('<button onclick="go()">Go</button>\n'))).not.toContain('"type":"button"');
  });
});

describe('aligned headings and paragraphs', () => {
  it('`<h3 align="center">` and `<p align="center">` keep their alignment, written back as HTML', () => {
    const document = roundTrips(
      '<h3 align="center">Start here <a href="#start-here" id="start-here"></a></h3>\n\n<p align="center">Choose a <strong>guide</strong>.</p>\n\n<p align="right">Signed.</p>\n',
    );
    expect(document.nodes.map((block) => [block.type, block.data])).toEqual([
      ['heading-2', { id: 'start-here', align: 'center' }],
      ['paragraph', { align: 'center' }],
      ['paragraph', { align: 'end' }],
    ]);
  });
});

describe('an expandable in a tab (the schema allows none there)', () => {
  it('is opened up, its tags written back unescaped, so the file comes back as it was', () => {
    const document = roundTrips(
      '{% tabs %}\n{% tab title="Linux" %}\nInstall it:\n\n<details>\n\n<summary>Troubleshooting</summary>\n\nRun `doctor` first.\n\n</details>\n{% endtab %}\n\n' +
        '{% tab title="macOS" %}\nUse brew.\n{% endtab %}\n{% endtabs %}\n',
    );
    expect(document.nodes[0].type).toBe('tabs');
  });
});

describe('file captions', () => {
  it('`{% file src %}caption{% endfile %}`: the caption stays a paragraph after the file, written back between the tags', () => {
    const document = roundTrips(
      'Download:\n\n{% file src="../.gitbook/assets/template.zip" %}\nThe starter template, with **examples**.\n{% endfile %}\n\nThen unzip it.\n',
    );
    const [, file, caption] = document.nodes;
    expect(file).toMatchObject({ type: 'file', data: { captionKey: caption.key } });
    expect(caption.type).toBe('paragraph');
    // Once the paragraph no longer follows the file, it is an ordinary paragraph.
    document.nodes.splice(2, 0, { object: 'block', type: 'divider', isVoid: true, data: {} } as never);
    expect(documentToMarkdown(document)).toContain('{% file src="../.gitbook/assets/template.zip" %}\n\n***\n\nThe starter template');
  });

  it('in a tab too', () => {
    roundTrips('{% tabs %}\n{% tab title="Files" %}\n{% file src="guide.pdf" %}\nThe guide\n{% endfile %}\n{% endtab %}\n{% endtabs %}\n');
  });
});

describe('embed captions', () => {
  it('`{% embed url %}caption{% endembed %}` keeps its caption as a file does', () => {
    const document = roundTrips('{% embed url="https://www.youtube.com/watch?v=abc123" %}\nA short demo\n{% endembed %}\n\nText after.\n');
    expect(document.nodes[0]).toMatchObject({ type: 'embed', data: { captionKey: document.nodes[1].key } });
  });
});

describe('content references', () => {
  it('the fallback link is labelled with the file or folder name', () => {
    roundTrips(
      '{% content-ref url="getting-started/quickstart.md" %}\n[quickstart.md](getting-started/quickstart.md)\n{% endcontent-ref %}\n\n' +
        '{% content-ref url="api/" %}\n[api](api/)\n{% endcontent-ref %}\n',
    );
  });
});

describe('highlighted code lines', () => {
  it('`<pre>` with `<strong>` lines is a code block whose lines are highlighted, written back as GitBook writes it', () => {
    const document = roundTrips(
      '<pre class="language-markdown"><code class="lang-markdown"><strong>## Heading\n</strong><strong>\n</strong>Text &#x3C;b> &#x26; more\n</code></pre>\n',
    );
    const [code] = document.nodes;
    if (code.type !== 'code') throw new Error('expected a code block');
    expect(code.data).toEqual({ syntax: 'markdown' });
    expect(code.nodes.map((line) => line.data)).toEqual([{ highlighted: true }, { highlighted: true }, {}]);
  });

  it('a `<pre>` with no highlighted line is written as a fence', () => {
    expect(documentToMarkdown(read('<pre class="language-js"><code class="lang-js">run();\n</code></pre>\n'))).toBe('```js\nrun();\n```\n');
  });
});
