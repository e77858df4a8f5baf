// Constructs of real GitBook repositories beyond the development one (issue #27): mentions,
// icons, formulas and the newer card tables. Each fragment is written for this test in the syntax
// GitBook's export uses; each reads into its official block or inline, validates, and writes back
// byte for byte.
import { type Document, type DocumentBlock, type InlineContent, documentToMarkdown, markdownToDocument } from './index';
import { counterKeys } from './testing/counter-keys';
import { documentSchemaErrors, resolvedLikeGitSync } from './testing/document-schema';

const read = (markdown: string): Document => markdownToDocument(markdown, { newKey: counterKeys() });

function roundTrips(markdown: string): Document {
  const document = read(markdown);
  expect(documentToMarkdown(document)).toBe(markdown);
  expect(documentToMarkdown(read(markdown))).toBe(documentToMarkdown(read(documentToMarkdown(document))));
  // Relative references resolved as Git Sync resolves them (a bare URL in a table record is ambiguous).
  expect(documentSchemaErrors(resolvedLikeGitSync(document))).toEqual([]);
  return document;
}

/** Every inline of the document, in reading order (table cells included). */
function inlines(blocks: DocumentBlock[]): InlineContent[] {
  return blocks.flatMap((block): InlineContent[] => {
    const own = 'nodes' in block ? (block.nodes as Array<DocumentBlock | InlineContent>) : [];
    const fragments = 'fragments' in block ? block.fragments.flatMap((fragment) => fragment.nodes) : [];
    const nested = [...own, ...fragments];
    return [
      ...nested.filter((node): node is InlineContent => node.object !== 'block'),
      ...inlines(nested.filter((node): node is DocumentBlock => node.object === 'block')),
    ];
  });
}

const withoutKeys = (nodes: InlineContent[]) => nodes.map(({ key: _key, ...rest }) => rest);

describe('mentions', () => {
  it('`[name](path "mention")` is a mention of its target, written back with the target file or folder name', () => {
    const document = roundTrips(
      'Set up with [okta.md](okta.md "mention") or [sso](../sso/ "mention").\n\n### [oauth.md](auth/oauth.md "mention")\n',
    );
    expect(withoutKeys(inlines(document.nodes).filter((node) => node.object === 'inline'))).toEqual([
      { object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'url', url: 'okta.md' } } },
      { object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'url', url: '../sso/' } } },
      { object: 'inline', type: 'mention', isVoid: true, data: { ref: { kind: 'url', url: 'auth/oauth.md' } } },
    ]);
  });

  it('`<a data-mention href>` in an HTML table cell is a mention too', () => {
    const document = roundTrips(
      '<table><thead><tr><th width="300">Next</th></tr></thead><tbody><tr><td><p>Read:</p><p><a data-mention href="start.md">start.md</a></p></td></tr></tbody></table>\n',
    );
    expect(inlines(document.nodes).some((node) => node.object === 'inline' && node.type === 'mention')).toBe(true);
  });

  it('a mention that cannot be written (an unresolved page reference) is left out, not written as text', () => {
    const document = read('See [a.md](a.md "mention").\n');
    expect(documentToMarkdown(document, { resolveRef: () => undefined })).toBe('See .\n');
  });
});

describe('icons', () => {
  it('`<i class="fa-…">:name:</i>` is an icon, with its colour when it has one', () => {
    const document = roundTrips(
      '<i class="fa-rocket">:rocket:</i> **Quickstart** and <i class="fa-gavel" style="color:$primary;">:gavel:</i> disputes\n',
    );
    expect(withoutKeys(inlines(document.nodes).filter((node) => node.object === 'inline'))).toEqual([
      { object: 'inline', type: 'icon', isVoid: true, data: { icon: 'rocket' } },
      { object: 'inline', type: 'icon', isVoid: true, data: { icon: 'gavel', color: '$primary' } },
    ]);
  });

  it('an icon in a heading of a card (an HTML cell) stays an icon, the heading a heading', () => {
    const document = roundTrips(
      '<table data-view="cards"><thead><tr><th></th><th></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody>' +
        '<tr><td><h3><i class="fa-money-bill-transfer" style="color:$primary;">:money-bill-transfer:</i></h3></td><td><strong>Payouts</strong></td><td><a href="payouts.md">payouts.md</a></td></tr></tbody></table>\n',
    );
    const [table] = document.nodes;
    if (table.type !== 'table') throw new Error('expected a table');
    expect(table.fragments[0].nodes[0]).toMatchObject({
      type: 'heading-2',
      nodes: [{ type: 'icon', data: { icon: 'money-bill-transfer' } }],
    });
  });
});

describe('formulas', () => {
  it('`$$` lines around TeX are a math block, the TeX kept verbatim (backslashes, underscores, stars)', () => {
    const tex = '\\frac{\\partial(x,y)}{\\partial(u,v)} =\n\\begin{vmatrix} a_1 & b^* \\\\ c_2 & d \\end{vmatrix},\\,du';
    const document = roundTrips(`Where\n\n$$\n${tex}\n$$\n\nholds.\n`);
    expect(document.nodes[1]).toMatchObject({ type: 'math', isVoid: true, data: { formula: tex } });
  });

  it('`$$TeX$$` in text is inline math; a lone `$` is text', () => {
    const document = roundTrips('The cost is $5 and $$a_1^2 + b_*$$ holds for $x.\n');
    expect(withoutKeys(inlines(document.nodes).filter((node) => node.object === 'inline'))).toEqual([
      { object: 'inline', type: 'inline-math', isVoid: true, data: { formula: 'a_1^2 + b_*' } },
    ]);
  });

  it('a formula right after a line of text interrupts the paragraph, as in other Markdown renderers', () => {
    expect(read('Rearranging:\n$$\nx = y\n$$\n').nodes.map((node) => node.type)).toEqual(['paragraph', 'math']);
  });

  it('where the schema allows no formula block, it is lifted out of a hint and inline in a quote', () => {
    const hint = read('{% hint style="info" %}\nNote\n\n$$\nx^2\n$$\n{% endhint %}\n');
    expect(hint.nodes.map((node) => node.type)).toEqual(['hint', 'math']);
    expect(documentSchemaErrors(hint)).toEqual([]);
    const quote = read('> $$\n> x^2\n> $$\n');
    expect(documentSchemaErrors(quote)).toEqual([]);
    expect(documentToMarkdown(quote)).toBe('> $$x^2$$\n');
    expect(documentToMarkdown(read(documentToMarkdown(quote)))).toBe('> $$x^2$$\n');
  });

  it('text holding `$$` that is no formula is escaped, and unclosed `$$` lines stay text', () => {
    const document = read('Pay $$ now\n\n$$\n\nstill text\n');
    expect(document.nodes.every((node) => node.type === 'paragraph')).toBe(true);
    const written = documentToMarkdown(document);
    expect(documentToMarkdown(read(written))).toBe(written);
    expect(read(written)).toEqual(document);
  });
});

describe('card tables as GitBook writes them now', () => {
  it('targets are labelled with the file or folder name; covers of `data-type="image"`; titles hidden; full width off', () => {
    const document = roundTrips(
      '<table data-card-size="large" data-column-title-hidden data-view="cards" data-full-width="false"><thead><tr><th></th>' +
        '<th data-hidden data-card-cover data-type="image">Cover image</th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody>' +
        '<tr><td><strong>Hosted</strong></td><td><a href="../assets/hosted.png">hosted.png</a></td><td><a href="hosted-setup/README.md">README.md</a></td></tr>' +
        '<tr><td><strong>Local</strong></td><td></td><td><a href="local/">local</a></td></tr></tbody></table>\n',
    );
    const [table] = document.nodes;
    if (table.type !== 'table') throw new Error('expected a table');
    expect(table.data.view).toMatchObject({ type: 'cards', cardSize: 'large', hideColumnTitle: true });
    expect(table.data.fullWidth).toBe(false);
    expect(table.data.definition[table.data.view.coverDefinition!]).toMatchObject({ type: 'image', title: 'Cover image' });
  });

  it('a card whose target is another site is valid (an image-record holder, not an ambiguous bare reference)', () => {
    const document = roundTrips(
      '<table data-view="cards"><thead><tr><th align="center"></th><th data-hidden data-card-target data-type="content-ref"></th></tr></thead><tbody>' +
        '<tr><td align="center"><p>Writer</p><p><a href="https://github.com/someone">GitHub</a></p></td><td><a href="https://example.com/someone/">https://example.com/someone/</a></td></tr></tbody></table>\n',
    );
    const [table] = document.nodes;
    if (table.type !== 'table') throw new Error('expected a table');
    const [record] = Object.values(table.data.records);
    expect(record.values[table.data.view.targetDefinition!]).toEqual({ ref: { kind: 'url', url: 'https://example.com/someone/' } });
  });

  it('headings in cells, with their anchors, stay headings', () => {
    const document = roundTrips(
      '<table data-view="cards"><thead><tr><th></th><th></th></tr></thead><tbody><tr><td><h2>Steam <a href="#steam" id="steam"></a></h2></td><td>Guides</td></tr></tbody></table>\n',
    );
    const [table] = document.nodes;
    if (table.type !== 'table') throw new Error('expected a table');
    expect(table.fragments[0].nodes[0]).toMatchObject({ type: 'heading-1', data: { id: 'steam' } });
  });
});

describe('{% openapi %} as GitBook writes it', () => {
  it('a `src` in angle brackets is the URL inside them', () => {
    const url =
      'https://1-files.gitbook.io/~/files/v0/b/gitbook-x-prod.appspot.com/o/spaces%2FS%2Fuploads%2FU%2Fspec.yml?alt=media&token=t';
    const document = read(`{% openapi src="<${url}>" path="/pets" method="get" %}\n[spec.yml](<${url}>)\n{% endopenapi %}\n`);
    expect(document.nodes[0]).toMatchObject({ type: 'swagger', data: { ref: { kind: 'url', url }, path: '/pets', method: 'get' } });
    // Its fallback link is labelled with the uploaded file's name.
    expect(documentToMarkdown(document)).toContain('\n[spec.yml](');
  });

  it('the fallback link to a specification elsewhere is labelled with its URL, written `[url](url)`', () => {
    roundTrips(
      '{% openapi src="https://raw.example.com/api/openapi.yaml" path="/jobs/{id}" method="get" %}\n[https://raw.example.com/api/openapi.yaml](https://raw.example.com/api/openapi.yaml)\n{% endopenapi %}\n',
    );
  });
});

describe('newer block and inline options', () => {
  it('a hint keeps its icon', () => {
    const document = roundTrips('{% hint style="info" icon="hand-wave" %}\n**Welcome.**\n{% endhint %}\n');
    expect(document.nodes[0]).toMatchObject({ type: 'hint', data: { style: 'info', icon: 'hand-wave' } });
  });

  it('an image in a line of text keeps `data-size="line"`, and a `<picture>` its dark variant', () => {
    const document = roundTrips(
      'Click the icon ( <img src="../assets/info.png" alt="" data-size="line"> ) or the ' +
        '<picture><source srcset="../assets/dark.svg" media="(prefers-color-scheme: dark)"><img src="../assets/light.svg" alt=""></picture> button.\n',
    );
    expect(withoutKeys(inlines(document.nodes).filter((node) => node.object === 'inline'))).toEqual([
      { object: 'inline', type: 'inline-image', isVoid: true, data: { ref: { kind: 'url', url: '../assets/info.png' }, size: 'line' } },
      {
        object: 'inline',
        type: 'inline-image',
        isVoid: true,
        data: { ref: { kind: 'url', url: '../assets/light.svg' }, refDark: { kind: 'url', url: '../assets/dark.svg' } },
      },
    ]);
    // In an HTML table cell as well.
    roundTrips(
      '<table><thead><tr><th width="200"></th><th></th></tr></thead><tbody><tr><td>Create</td><td><img src="/files/x" alt="" data-size="line"> <code>POST /batches</code></td></tr></tbody></table>\n',
    );
  });

  it('a link is written with its marks inside it, as GitBook writes it', () => {
    roundTrips('Learn:[**Training (ARTE)**](https://training.example.com/arte) and [_this_](a.md).\n');
  });

  it('{% prompt %} around one code block is a prompt block', () => {
    const document = roundTrips(
      '{% prompt description="Summarize" icon="rectangle-terminal" defaultExpanded="full" %}\n```markdown\nSummarize this.\n```\n{% endprompt %}\n',
    );
    expect(document.nodes[0]).toMatchObject({
      type: 'prompt',
      data: { description: 'Summarize', icon: 'rectangle-terminal', defaultExpanded: 'full' },
      nodes: [{ type: 'code', data: { syntax: 'markdown' } }],
    });
    // Anything but one code block has no official form: kept visible, as written.
    const other = read('{% prompt description="x" %}\nSome text\n{% endprompt %}\n');
    expect(other.nodes[0]).toMatchObject({ type: 'code', data: { title: 'GitBook block not converted, kept as written' } });
  });
});

describe('updates as GitBook writes them', () => {
  it('the format is written even when it is the default, and an update keeps its tags', () => {
    const document = roundTrips(
      '{% updates format="full" %}\n{% update date="2026-01-01" tags="added,improved" %}\n## v2.1.11\n\n* A guard layer.\n{% endupdate %}\n{% endupdates %}\n',
    );
    const [updates] = document.nodes;
    if (updates.type !== 'updates') throw new Error('expected updates');
    expect(updates.nodes[0].data).toEqual({
      date: '2026-01-01T00:00:00.000Z',
      tags: [
        { kind: 'tag', tag: 'added' },
        { kind: 'tag', tag: 'improved' },
      ],
    });
  });
});

describe('legacy {% swagger %} as GitBook wrote it', () => {
  it('an empty path (the whole URL in baseUrl) and an empty description still make an operation block', () => {
    const document = roundTrips(
      '{% swagger method="post" path="" baseUrl="<domain>/wallet/v2/add" summary="" %}\n{% swagger-description %}\n\n{% endswagger-description %}\n\n' +
        '{% swagger-parameter in="body" name="accountName" %}\nAccount Name\n{% endswagger-parameter %}\n{% endswagger %}\n',
    );
    expect(document.nodes[0]).toMatchObject({ type: 'swagger', data: { path: '/', method: 'post' } });
  });
});

describe('what the schema does not hold, kept visible', () => {
  it('a hint holding only a code block stays, empty, before it (the schema allows no code in a hint)', () => {
    const document = read(
      '{% hint style="success" %}\n{% code title="main.tf" %}\n```hcl\nresource "x" "y" {}\n```\n{% endcode %}\n{% endhint %}\n',
    );
    expect(document.nodes.map((node) => node.type)).toEqual(['hint', 'code']);
    expect(document.nodes[0]).toMatchObject({ data: { style: 'success' } });
    expect(documentSchemaErrors(document)).toEqual([]);
    const written = documentToMarkdown(document);
    expect(documentToMarkdown(read(written))).toBe(written);
  });

  it('footnotes stay footnotes in the Markdown written back, not escaped text', () => {
    const document = roundTrips('A note[^1] here.\n\n[^1]: The note.\n');
    expect(document.nodes.map((node) => node.type)).toEqual(['paragraph', 'paragraph']);
  });
});

describe('integration blocks', () => {
  it('a tag written over several lines (an attribute holding HTML) is one integration block', () => {
    const document = roundTrips(
      'Devices:\n\n{% @seam-plugin/seam-component content="<device-table\n  endpoint=&#x22;https://connect.example.com&#x22;\n></device-table>" %}\n\nAfter.\n',
    );
    expect(document.nodes[1]).toMatchObject({ type: 'integration', data: { integration: 'seam-plugin', block: 'seam-component' } });
  });

  it('a paragraph of `{%` lines that never close stays text', () => {
    const document = read('{% a\nb\nc\n');
    expect(document.nodes.map((node) => node.type)).toEqual(['paragraph']);
  });
});

describe('marks and lists as GitBook nests them', () => {
  it('HTML marks outside Markdown delimiters (`<mark>**a**</mark>`, `<sup>_a_</sup>`)', () => {
    roundTrips(
      '<mark style="color:yellow;">**!bhop**</mark> is opt-in; <sub>_licensed_</sub>; <sup><mark style="color:$info;">tip</mark></sup>.\n',
    );
  });

  it('a list first in a hint keeps `*` bullets after a list outside it', () => {
    roundTrips('* before\n\n{% hint style="info" %}\n* inside\n{% endhint %}\n');
  });
});

describe('embeds', () => {
  it('an embed keeps `fullWidth`', () => {
    const document = roundTrips('{% embed url="https://codepen.io/someone/pen/abc" fullWidth="false" %}\n');
    expect(document.nodes[0]).toMatchObject({ type: 'embed', data: { url: 'https://codepen.io/someone/pen/abc', fullWidth: false } });
  });
});

describe('bare URLs and e-mail addresses inside marks', () => {
  it('`**support@example.com**` and `_https://…_` (GFM autolinks them) are written bare inside their marks again', () => {
    const document = roundTrips('Write to **support@example.com** or see _https://example.com/docs_ now.\n');
    expect(inlines(document.nodes).filter((node) => node.object === 'inline')).toHaveLength(2);
  });
});
