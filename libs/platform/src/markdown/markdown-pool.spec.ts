import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { JsonDocument } from '@bindery/contracts';
import { documentWithin, fitsInline, INLINE_BOUNDS } from './inline-bounds';
import { MarkdownPool, type MarkdownPoolOptions } from './markdown-pool';

// The pool's promises, as a service sees them: a conversion past its deadline is a 400 naming the
// field, the thread it ended is replaced, a large input never converts on the caller's event loop
// and a small one does, with the same results and errors either way.
// (Runs the built worker script: `pnpm build` first, as for the service-alone tier.)
const OPTIONS: MarkdownPoolOptions = { workers: 1, budgetMs: 50, name: 'test', budgetNote: 'a test budget', unreadable: 'is unreadable' };

describe('MarkdownPool', () => {
  const pool = new MarkdownPool(OPTIONS);
  // About 200 KB of ordinary Markdown: long enough to still be converting a moment after it starts.
  const large = '## Section\n\nSome *emphasis*, a [link](https://example.com) and `code`.\n\n- a\n- b\n\n'.repeat(2_500);

  afterAll(() => pool.close());

  it('answers a conversion that outruns its deadline with a 400 naming the field, then converts again', async () => {
    const deadline = new AbortController();
    const converting = pool.toDocument(large, 'body.markdown', deadline.signal);
    setImmediate(() => deadline.abort());
    await expect(converting).rejects.toMatchObject({
      code: 400,
      message: 'body.markdown: took longer than 50 ms to convert (a test budget); simplify or split it',
    });
    const document = await pool.toDocument(large.slice(0, 4_000), 'body.markdown', new AbortController().signal);
    expect(JSON.stringify(document)).toContain('Section');
  }, 30_000);

  it('converts off the event loop: the loop turns while a large conversion runs', async () => {
    const order: string[] = [];
    const converting = pool.toDocument(large, 'body.markdown', new AbortController().signal).then(() => order.push('converted'));
    await new Promise((resolve) => setImmediate(resolve));
    order.push('loop turned');
    await converting;
    // On the caller's thread, the conversion would have finished before the loop could turn.
    expect(order).toEqual(['loop turned', 'converted']);
  }, 30_000);

  it('converts a short comment on the calling thread: done before the loop turns', async () => {
    const order: string[] = [];
    const converting = pool.toDocument('Looks **good**', 'body.markdown', new AbortController().signal).then(() => order.push('converted'));
    await new Promise((resolve) => setImmediate(resolve));
    order.push('loop turned');
    await converting;
    expect(order).toEqual(['converted', 'loop turned']);
  });

  it('answers a short input whose budget is spent as the pool does', async () => {
    const spent = new AbortController();
    spent.abort();
    await expect(pool.toDocument('a', 'body.markdown', spent.signal)).rejects.toMatchObject({
      code: 400,
      message: 'body.markdown: took longer than 50 ms to convert (a test budget); simplify or split it',
    });
  });
});

describe('the inline bounds', () => {
  const { markdownLength, documentParts } = INLINE_BOUNDS;
  const paragraph = (text: string): unknown => ({
    object: 'document',
    data: {},
    nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
  });

  it('takes Markdown up to the bound, and a page source only without frontmatter', () => {
    expect(fitsInline({ kind: 'document', markdown: 'a'.repeat(markdownLength) }, INLINE_BOUNDS)).toBe(true);
    expect(fitsInline({ kind: 'document', markdown: 'a'.repeat(markdownLength + 1) }, INLINE_BOUNDS)).toBe(false);
    expect(fitsInline({ kind: 'page', markdown: '# Title\n\ntext', titleFromHeading: true }, INLINE_BOUNDS)).toBe(true);
    expect(fitsInline({ kind: 'page', markdown: '---\ntitle: a\n---\ntext', titleFromHeading: true }, INLINE_BOUNDS)).toBe(false);
  });

  it('counts a Document by its objects, line breaks and characters, and gives up on a large one', () => {
    expect(documentWithin(paragraph('a'), INLINE_BOUNDS)).toBe(true);
    expect(documentWithin(paragraph('a'.repeat(INLINE_BOUNDS.documentChars + 1)), INLINE_BOUNDS)).toBe(false);
    // Each line break is three parts: the writer's costliest unit.
    expect(documentWithin(paragraph('a\n'.repeat(documentParts / 3)), INLINE_BOUNDS)).toBe(false);
    expect(documentWithin(paragraph('a\n'.repeat(documentParts / 4)), INLINE_BOUNDS)).toBe(true);
    const wide = { object: 'document', data: {}, nodes: Array.from({ length: 100_000 }, () => ({ object: 'block' })) };
    expect(documentWithin(wide, INLINE_BOUNDS)).toBe(false);
  });
});

/** Inputs at the bound: ordinary text cut from the document library's corpus, and hostile runs. */
function inputsAtTheBound(): Record<string, string> {
  const length = INLINE_BOUNDS.markdownLength;
  const corpusDir = join(__dirname, '..', '..', '..', 'document', 'src', 'corpus');
  const inputs: Record<string, string> = {};
  for (const file of readdirSync(corpusDir)) {
    const source = readFileSync(join(corpusDir, file), 'utf8');
    for (let at = 0; at + length <= source.length && at < 8 * length; at += length)
      inputs[`${file} @${at}`] = source.slice(at, at + length);
  }
  const runs = [
    '![',
    '*![',
    '<![',
    '[',
    '[^',
    '[a](',
    '](a',
    '*a',
    '**a',
    '_a',
    '~a',
    '*_~`',
    '`a``',
    '&#1;',
    '<',
    '\\',
    'a  \n',
    'x[^a]',
    'www.a.b ',
    'a@b.co ',
    '{% hint style="info" %}\n',
    '{% tabs %}\n{% tab title="t" %}\n',
    '<details>\n\n',
    '<a href="x">a<span>b',
    '|a|b|c|\n',
    '- a\n',
    '1. a\n',
    '- [ ] a\n',
    '> a\n',
    '# a\n',
    'a\n===\n',
    '```\na\n```\n',
    '$$a$$ ',
    '😀é ',
    '>'.repeat(32) + ' a\n',
    '  '.repeat(15) + '- a\n',
  ];
  for (const unit of runs) inputs[`run of ${JSON.stringify(unit)}`] = unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
  inputs['nested emphasis'] =
    '*_'.repeat(length / 4) +
    '*_'
      .repeat(length / 4)
      .split('')
      .reverse()
      .join('');
  inputs['a lone surrogate, cut'] = '😀'.repeat(length / 2).slice(1);
  return inputs;
}

type Outcome = { ok: unknown } | { error: unknown };

/**
 * A conversion's result or its error. Random keys (of blocks, fragments, table columns) are
 * renamed in the order they first appear, so two conversions of one input compare equal.
 */
async function outcome(converting: Promise<unknown>): Promise<Outcome> {
  try {
    const names = new Map<string, string>();
    const json = JSON.stringify(await converting).replace(/"[A-Za-z0-9]{12}"/g, (key) => {
      if (!names.has(key)) names.set(key, `"key${names.size}"`);
      return names.get(key)!;
    });
    return { ok: JSON.parse(json) as unknown };
  } catch (error) {
    return { error: { code: (error as { code?: number }).code, message: (error as Error).message } };
  }
}

describe('inline and pooled conversions', () => {
  const either = new MarkdownPool({ ...OPTIONS, budgetMs: 30_000 });
  const pooled = new MarkdownPool({ ...OPTIONS, budgetMs: 30_000, inline: false });
  afterAll(() => Promise.all([either.close(), pooled.close()]));

  it.each(Object.entries(inputsAtTheBound()))('%s: the same Document, page and Markdown either way', async (_name, markdown) => {
    expect(markdown.length).toBeLessThanOrEqual(INLINE_BOUNDS.markdownLength);
    const [inline, pool] = [either, pooled];
    expect(await outcome(inline.toDocument(markdown, 'body'))).toEqual(await outcome(pool.toDocument(markdown, 'body')));
    expect(await outcome(inline.toPage(markdown, 'page', true))).toEqual(await outcome(pool.toPage(markdown, 'page', true)));
    const document = await pool.toDocument(markdown, 'body').catch(() => undefined);
    if (document) expect(await outcome(inline.toMarkdown(document, 'body'))).toEqual(await outcome(pool.toMarkdown(document, 'body')));
  });

  it.each(Object.entries(documentsAtTheBound()))('%s: the same Markdown either way', async (_name, document) => {
    expect(documentWithin(document, INLINE_BOUNDS)).toBe(true);
    const [inline, pool] = [either, pooled];
    expect(await outcome(inline.toMarkdown(document, 'body'))).toEqual(await outcome(pool.toMarkdown(document, 'body')));
  });
});

/** Documents as large as the bounds let each kind grow, made of what the writer spends most on. */
function documentsAtTheBound(): Record<string, JsonDocument> {
  const leaf = (text: string, marks: string[] = []): unknown => ({
    object: 'leaf',
    text,
    marks: marks.map((type) => ({ object: 'mark', type })),
  });
  const paragraph = (nodes: unknown[]): unknown => ({ object: 'block', type: 'paragraph', data: {}, nodes });
  const text = (leaves: unknown[]): unknown => ({ object: 'text', leaves });
  const document = (nodes: unknown[]): JsonDocument => ({ object: 'document', data: {}, nodes }) as unknown as JsonDocument;
  const marks = ['bold', 'italic', 'strikethrough', 'code', 'superscript'];
  const link = (i: number): unknown => ({
    object: 'inline',
    type: 'link',
    data: { ref: { kind: 'url', url: 'https://a.b/(c)' } },
    nodes: [text([leaf(`l*${i}`, ['bold'])])],
  });
  const kinds: Record<string, (size: number) => JsonDocument> = {
    'alternating marks': (size) => document([paragraph([text(Array.from({ length: size }, (_, i) => leaf('*_`[a', [marks[i % 5]])))])]),
    'line breaks': (size) => document([paragraph([text([leaf('a\n'.repeat(size), ['bold'])])])]),
    'characters to escape': (size) => document([paragraph([text([leaf('*_[]<>`#|~\\!&-+'.repeat(size))])])]),
    links: (size) => document([paragraph(Array.from({ length: size }, (_, i) => link(i)))]),
    'content references': (size) =>
      document(
        Array.from({ length: size }, () => ({
          object: 'block',
          type: 'content-ref',
          data: { ref: { kind: 'url', url: 'https://a.b' } },
          nodes: [],
        })),
      ),
  };
  const largest = (make: (size: number) => JsonDocument): JsonDocument => {
    let size = 1;
    while (documentWithin(make(size + 1), INLINE_BOUNDS)) size++;
    return make(size);
  };
  return Object.fromEntries(Object.entries(kinds).map(([name, make]) => [name, largest(make)]));
}
