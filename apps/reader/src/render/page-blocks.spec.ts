import type { Document } from '@bindery/document';
import hljs from 'highlight.js';
import katex from 'katex';
import { renderDocument, renderDocumentWith, type RefResolver } from './document-html';
import { MAX_FORMULA_CHARS, MAX_FORMULA_CHARS_PER_PAGE, MAX_HIGHLIGHT_CHARS, MAX_HIGHLIGHT_CHARS_PER_PAGE } from './code-math';
import type { PageBlocksRenderer, PageBlocksTask } from './page-blocks';
import { PageMarkdownPool } from './page-markdown-pool';

// This thread's highlighter and typesetter, spied on (and still working): which thread highlighted
// code or typeset math is then asked directly, not inferred from timing.
const highlightHere = jest.spyOn(hljs, 'highlight');
const typesetHere = jest.spyOn(katex, 'renderToString');

const text = (t: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks: [] }] });
const code = (syntax: string, source: string) => ({
  object: 'block',
  type: 'code',
  data: { syntax },
  nodes: source.split('\n').map((line) => ({ object: 'block', type: 'code-line', data: {}, nodes: [text(line)] })),
});
const math = (formula: string) => ({ object: 'block', type: 'math', isVoid: true, data: { formula } });
const inlineMath = (formula: string) => ({ object: 'inline', type: 'inline-math', isVoid: true, data: { formula }, nodes: [text('')] });
const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', data: {}, nodes });
const doc = (nodes: unknown[]) => ({ object: 'document', data: {}, nodes }) as unknown as Document;
const refs: RefResolver = { page: () => undefined, file: () => undefined };

const page = doc([
  paragraph(text('Before '), inlineMath('a^2 + b^2 = c^2'), text(' after')),
  code('javascript', "const greeting = 'hello';\nif (greeting) console.log(greeting);"),
  math('e^{i\\pi} + 1 = 0'),
  code('', 'no language: escaped <here>'),
  code('typescript', 'export type Id = string;'),
]);

// (Runs the built worker script: `pnpm build` first.)
describe("a page's code and math on the reader's worker threads", () => {
  const pool = new PageMarkdownPool(1);
  afterAll(() => pool.close());

  it('are highlighted and typeset on the worker thread, never on this one, the page coming out as in one pass', async () => {
    const together = renderDocument(page, refs);
    // With everything on this thread, both are called for each block.
    expect(highlightHere).toHaveBeenCalledTimes(2);
    expect(typesetHere).toHaveBeenCalledTimes(2);
    highlightHere.mockClear();
    typesetHere.mockClear();

    const apart = await renderDocumentWith(pool, page, refs);
    expect(apart).toEqual(together);
    expect(apart.html).toContain('hljs-keyword');
    expect(apart.html).toContain('<math');
    expect(highlightHere).not.toHaveBeenCalled();
    expect(typesetHere).not.toHaveBeenCalled();
  }, 30_000);
});

/** A renderer that records what would cross to the worker thread, and answers a stand-in per block. */
class Recording implements PageBlocksRenderer {
  readonly tasks: PageBlocksTask[] = [];
  renderBlocks(task: PageBlocksTask): Promise<string[]> {
    this.tasks.push(structuredClone(task));
    return Promise.resolve(task.blocks.map((_, i) => `[block ${i}]`));
  }
}

describe("a page's code and math rendered apart", () => {
  it('hand every highlighted code block and formula, in page order, to the renderer; code without a language stays here', async () => {
    const recording = new Recording();
    const { html } = await renderDocumentWith(recording, page, refs);
    expect(recording.tasks).toHaveLength(1);
    expect(recording.tasks[0].blocks).toEqual([
      { kind: 'math', formula: 'a^2 + b^2 = c^2', display: false },
      { kind: 'code', source: "const greeting = 'hello';\nif (greeting) console.log(greeting);", language: 'javascript' },
      { kind: 'math', formula: 'e^{i\\pi} + 1 = 0', display: true },
      { kind: 'code', source: 'export type Id = string;', language: 'typescript' },
    ]);
    expect(html).toContain('[block 0]');
    expect(html).toContain('[block 3]');
    expect(html).toContain('no language: escaped &lt;here&gt;');
  });

  it('highlight code up to the page budget, then show it plain', async () => {
    const recording = new Recording();
    const blocks = MAX_HIGHLIGHT_CHARS_PER_PAGE / MAX_HIGHLIGHT_CHARS;
    const many = doc(Array.from({ length: blocks + 1 }, (_, i) => code('javascript', `${i}<`.padEnd(MAX_HIGHLIGHT_CHARS, 'x'))));
    const { html } = await renderDocumentWith(recording, many, refs);
    expect(recording.tasks[0].blocks).toHaveLength(blocks);
    expect(html).toContain(`<code class="hljs">${blocks}&lt;xxx`);
  });

  it('typeset formulas up to the page budget, then show their source', async () => {
    const recording = new Recording();
    const formulas = MAX_FORMULA_CHARS_PER_PAGE / MAX_FORMULA_CHARS;
    const many = doc(Array.from({ length: formulas + 1 }, (_, i) => math(`${i}<`.padEnd(MAX_FORMULA_CHARS, 'x'))));
    const { html } = await renderDocumentWith(recording, many, refs);
    expect(recording.tasks[0].blocks).toHaveLength(formulas);
    expect(html).toContain(`<code class="math-source math-display">${formulas}&lt;xxx`);
  });
});
