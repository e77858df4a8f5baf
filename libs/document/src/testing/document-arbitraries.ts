// Test support: fast-check generators of Documents in the converter's canonical form (merged
// leaves, marks in a fixed order, no keys), built from the block types Markdown can express.
import fc from 'fast-check';
import type { DocumentBlock, DocumentLeaf, DocumentText, InlineContent, ListItemBlock, MarkType } from '../document.types';
import { normalizeInlines } from '../inline-normalize';

const word = fc.constantFrom(
  'alpha',
  'Beta',
  'gamma',
  'v2',
  '42',
  'e.g.',
  'café',
  'a*b',
  '_x_',
  '[y]',
  '#1',
  'x|y',
  'back\\slash',
  '<tag>',
  '1.',
);
const words = fc.array(word, { minLength: 1, maxLength: 4 }).map((list) => list.join(' '));
const marks = fc.subarray<MarkType>(['bold', 'italic', 'strikethrough', 'code'], { maxLength: 3 });

const leaf = fc
  .tuple(words, marks)
  .map(([text, types]): DocumentLeaf => ({ object: 'leaf', text, marks: types.map((type) => ({ object: 'mark', type })) }));

/** Leaves separated by plain spaces, as text is written by people (no mark boundary inside a word). */
const leaves = fc
  .array(leaf, { minLength: 1, maxLength: 4 })
  .map((list) => list.flatMap((item, index): DocumentLeaf[] => (index === 0 ? [item] : [{ object: 'leaf', text: ' ', marks: [] }, item])));

const text = leaves.map((list): DocumentText => ({ object: 'text', leaves: list }));
const url = fc.constantFrom('https://example.com/', 'https://example.com/a_b?x=1', 'guides/setup.md', 'https://x.io/(paren)');
/** Merged leaves and no keys: the form the converter produces. */
const canonical = <T extends InlineContent>(list: T[]): T[] => normalizeInlines(list, () => '').map(({ key: _key, ...node }) => node as T);

const link = fc.tuple(url, text).map(
  ([target, inner]): InlineContent => ({
    object: 'inline',
    type: 'link',
    isVoid: false,
    data: { ref: { kind: 'url', url: target } },
    nodes: canonical([inner]),
  }),
);

const space: DocumentText = { object: 'text', leaves: [{ object: 'leaf', text: ' ', marks: [] }] };
const inlines = fc
  .array(fc.oneof({ weight: 4, arbitrary: text }, { weight: 1, arbitrary: link }), { minLength: 1, maxLength: 3 })
  .map((list) => canonical(list.flatMap((node, index) => (index === 0 ? [node] : [space, node]))));

const paragraph = inlines.map((nodes): DocumentBlock => ({ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes }));
const heading = fc
  .tuple(fc.constantFrom('heading-1', 'heading-2', 'heading-3' as const), inlines)
  .map(([type, nodes]): DocumentBlock => ({ object: 'block', type, isVoid: false, data: {}, nodes }));
const divider = fc.constant<DocumentBlock>({ object: 'block', type: 'divider', isVoid: true, data: {} });
const code = fc
  .tuple(
    fc.option(fc.constantFrom('js', 'bash'), { nil: undefined }),
    fc.option(fc.constantFrom('app.js'), { nil: undefined }),
    fc.array(fc.constantFrom('let a = 1;', '', '  **x**', '# not a heading'), { minLength: 1, maxLength: 3 }),
  )
  .map(
    ([syntax, title, lines]): DocumentBlock => ({
      object: 'block',
      type: 'code',
      isVoid: false,
      data: { ...(syntax ? { syntax } : {}), ...(title ? { title } : {}) },
      nodes: lines.map((line) => ({
        object: 'block',
        type: 'code-line',
        isVoid: false,
        data: {},
        nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: line, marks: [] }] }],
      })),
    }),
  );

const { essential } = fc.letrec<{ essential: DocumentBlock; item: ListItemBlock }>((tie) => {
  const item = fc.tuple(paragraph, fc.option(tie('essential'), { nil: undefined, freq: 4 })).map(
    ([first, nested]): ListItemBlock => ({
      object: 'block',
      type: 'list-item',
      isVoid: false,
      data: {},
      nodes: nested ? [first, nested] : [first],
    }),
  );
  const items = fc.array(tie('item'), { minLength: 1, maxLength: 3 });
  return {
    item,
    essential: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 5, arbitrary: paragraph },
      { weight: 2, arbitrary: heading },
      { weight: 1, arbitrary: divider },
      {
        weight: 1,
        arbitrary: items.map((nodes): DocumentBlock => ({ object: 'block', type: 'list-unordered', isVoid: false, data: {}, nodes })),
      },
      {
        weight: 1,
        arbitrary: fc.tuple(items, fc.constantFrom(1, 3)).map(
          ([nodes, start]): DocumentBlock => ({
            object: 'block',
            type: 'list-ordered',
            isVoid: false,
            data: start === 1 ? {} : { start },
            nodes,
          }),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.array(fc.tuple(paragraph, fc.boolean()), { minLength: 1, maxLength: 3 }).map(
          ([...entries]): DocumentBlock => ({
            object: 'block',
            type: 'list-tasks',
            isVoid: false,
            data: {},
            nodes: entries.map(([first, checked]) => ({
              object: 'block',
              type: 'list-item',
              isVoid: false,
              data: { checked },
              nodes: [first],
            })),
          }),
        ),
      },
    ),
  };
});

const children = (block: fc.Arbitrary<DocumentBlock>) => fc.array(block, { minLength: 1, maxLength: 3 });

const hint = fc
  .tuple(fc.constantFrom('info', 'warning', 'danger', 'success' as const), children(essential))
  .map(([style, nodes]): DocumentBlock => ({ object: 'block', type: 'hint', isVoid: false, data: { style }, nodes }));
const quote = children(essential).map((nodes): DocumentBlock => ({ object: 'block', type: 'blockquote', isVoid: false, data: {}, nodes }));
const embed = url.map((target): DocumentBlock => ({ object: 'block', type: 'embed', isVoid: true, data: { url: target } }));
const contentRef = url.map(
  (target): DocumentBlock => ({ object: 'block', type: 'content-ref', isVoid: true, data: { ref: { kind: 'url', url: target } } }),
);
const tabs = fc.array(fc.tuple(words, children(fc.oneof(essential, code, hint))), { minLength: 1, maxLength: 3 }).map(
  (items): DocumentBlock => ({
    object: 'block',
    type: 'tabs',
    isVoid: false,
    data: {},
    nodes: items.map(([title, nodes]) => ({ object: 'block', type: 'tabs-item', isVoid: false, data: { title }, nodes })),
  }),
);
const expandable = fc.tuple(inlines, children(fc.oneof(essential, code, hint))).map(
  ([title, body]): DocumentBlock => ({
    object: 'block',
    type: 'expandable',
    isVoid: true,
    data: {},
    fragments: [
      {
        object: 'fragment',
        fragment: 'expandable-title',
        type: 'expandable-title',
        nodes: [{ object: 'block', type: 'paragraph', isVoid: false, data: {}, nodes: title }],
      },
      { object: 'fragment', fragment: 'expandable-body', type: 'expandable-body', nodes: body },
    ],
  }),
);

export const documentBody = fc.array(
  fc.oneof({ weight: 5, arbitrary: essential }, code, hint, quote, embed, contentRef, tabs, expandable),
  { minLength: 1, maxLength: 6 },
);

/** Drops `key` fields, which a conversion generates anew. */
export function withoutKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutKeys);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name]) => name !== 'key')
      .map(([name, inner]) => [name, withoutKeys(inner)]),
  );
}
