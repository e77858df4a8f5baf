// Test support: fast-check generators of Markdown built from the supported constructs, nested the
// way the document model allows (hints hold essentials, tabs hold code and hints, ...).
import fc from 'fast-check';

const word = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('alpha', 'Beta', 'gamma', 'delta', 'API', 'v2', '42', 'node_modules', 'e.g.', 'café', 'naïve') },
  // Characters Markdown gives meaning to, which the writer must escape. ("1." alone is left out:
  // as the whole text of a nested list item it is an empty ordered list, which a tight list
  // cannot tell apart from text; a known ambiguity of Markdown.)
  {
    weight: 2,
    arbitrary: fc.constantFrom('a*b', '_x_', '[y]', '#1', '<tag>', 'x|y', '1. one', '~z~', 'back\\slash', '{%', '%}', '&amp;', 'a`b'),
  },
);

export const plainText = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => words.join(' '));
const safeText = fc
  .array(fc.constantFrom('alpha', 'beta', 'gamma', 'delta', 'API', 'v2'), { minLength: 1, maxLength: 4 })
  .map((w) => w.join(' '));
const slug = fc.constantFrom('intro', 'api/users', 'guides/setup.md', 'a-b_c', 'x?y=1&z=2');

const inlinePiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: plainText },
  { weight: 1, arbitrary: safeText.map((text) => `**${text}**`) },
  { weight: 1, arbitrary: safeText.map((text) => `*${text}*`) },
  { weight: 1, arbitrary: safeText.map((text) => `~~${text}~~`) },
  { weight: 1, arbitrary: fc.constantFrom('`npm install`', '`a_b`', '`x*y`', '``a`b``') },
  { weight: 1, arbitrary: fc.tuple(safeText, slug).map(([text, target]) => `[${text}](https://example.com/${target})`) },
  { weight: 1, arbitrary: fc.tuple(safeText, slug).map(([text, target]) => `**[${text}](https://example.com/${target})**`) },
  { weight: 1, arbitrary: fc.tuple(safeText, slug).map(([alt, target]) => `![${alt}](https://img.example.com/${target}.png)`) },
);

export const inline = fc.array(inlinePiece, { minLength: 1, maxLength: 5 }).map((pieces) => pieces.join(' '));

const paragraph = inline;
const heading = fc.tuple(fc.integer({ min: 1, max: 6 }), inline).map(([level, text]) => `${'#'.repeat(level)} ${text}`);
const divider = fc.constant('---');
const code = fc
  .tuple(
    fc.constantFrom('', 'js', 'bash', 'python'),
    fc.array(fc.constantFrom('const a = 1;', '  indented()', '', '# comment', '**not bold**', '{% hint %}'), {
      minLength: 1,
      maxLength: 4,
    }),
    fc.option(fc.constantFrom('app.js', 'run.sh'), { nil: undefined }),
  )
  .map(([lang, lines, title]) => {
    const fence = `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``;
    return title ? `{% code title="${title}" %}\n${fence}\n{% endcode %}` : fence;
  });
const table = fc
  .tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 }))
  .chain(([columns, rows]) =>
    fc.tuple(
      fc.array(safeText, { minLength: columns, maxLength: columns }),
      fc.array(fc.constantFrom('---', ':--', ':-:', '--:'), { minLength: columns, maxLength: columns }),
      fc.array(fc.array(fc.oneof(inline, fc.constant('')), { minLength: columns, maxLength: columns }), {
        minLength: rows,
        maxLength: rows,
      }),
    ),
  )
  .map(([header, align, rows]) => [header, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n'));
const image = fc
  .tuple(safeText, slug, fc.option(safeText, { nil: undefined }))
  .map(([alt, target, caption]) => `![${alt}](https://img.example.com/${target}.png${caption ? ` "${caption}"` : ''})`);
const embed = slug.map((target) => `{% embed url="https://example.com/${target}" %}`);
const contentRef = slug.map((target) => `{% content-ref url="${target}" %}\n[${target}](${target})\n{% endcontent-ref %}`);

function list(item: fc.Arbitrary<string>, marker: fc.Arbitrary<'-' | '1.' | '- [ ]' | '- [x]'>): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(marker, item), { minLength: 1, maxLength: 4 })
    .map((items) =>
      items
        .map(([bullet, text], index) => `${bullet === '1.' ? `${index + 1}.` : bullet} ${indent(text, bullet === '1.' ? 3 : 2)}`)
        .join('\n'),
    );
}

function indent(text: string, width: number): string {
  return text.replace(/\n(?!\n)/g, `\n${' '.repeat(width)}`);
}

const { essential } = fc.letrec<{ essential: string; listItem: string }>((tie) => ({
  essential: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    { weight: 5, arbitrary: paragraph },
    { weight: 2, arbitrary: heading },
    { weight: 1, arbitrary: divider },
    { weight: 2, arbitrary: list(tie('listItem'), fc.constant('-')) },
    { weight: 1, arbitrary: list(tie('listItem'), fc.constant('1.')) },
    { weight: 1, arbitrary: list(inline, fc.constantFrom('- [ ]', '- [x]')) },
  ),
  listItem: fc.oneof(
    { depthSize: 'small' },
    { weight: 4, arbitrary: inline },
    { weight: 1, arbitrary: fc.tuple(inline, tie('essential')).map(([text, block]) => `${text}\n\n${block}`) },
  ),
}));

const blocks = (block: fc.Arbitrary<string>, max = 3) =>
  fc.array(block, { minLength: 1, maxLength: max }).map((items) => items.join('\n\n'));

const hint = fc
  .tuple(fc.constantFrom('info', 'warning', 'danger', 'success'), blocks(fc.oneof(essential, table)))
  .map(([style, body]) => `{% hint style="${style}" %}\n${body}\n{% endhint %}`);
const quote = blocks(essential, 2).map((body) =>
  body
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n'),
);
const tabs = fc
  .array(fc.tuple(safeText, blocks(fc.oneof(essential, code, hint, contentRef, image))), { minLength: 1, maxLength: 3 })
  .map(
    (items) =>
      `{% tabs %}\n${items.map(([title, body]) => `{% tab title="${title}" %}\n${body}\n{% endtab %}`).join('\n\n')}\n{% endtabs %}`,
  );
const details = fc
  .tuple(inline, blocks(fc.oneof(essential, code, hint, table, image)))
  .map(([summary, body]) => `<details>\n\n<summary>${summary}</summary>\n\n${body}\n\n</details>`);

const topLevel = fc.oneof(
  { weight: 6, arbitrary: essential },
  { weight: 1, arbitrary: code },
  { weight: 1, arbitrary: table },
  { weight: 1, arbitrary: image },
  { weight: 1, arbitrary: quote },
  { weight: 1, arbitrary: hint },
  { weight: 1, arbitrary: tabs },
  { weight: 1, arbitrary: details },
  { weight: 1, arbitrary: embed },
  { weight: 1, arbitrary: contentRef },
);

/** A Markdown page of 1–8 top-level blocks. */
export const markdownPage = blocks(topLevel, 8).map((body) => `${body}\n`);
