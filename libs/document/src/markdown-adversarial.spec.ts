// Pathological page bodies (each under 1 MB) must convert both ways, or be refused by the input
// limits, never throw: before the limits, some of these kept the content service's event loop busy
// for minutes. How long each takes is measured by `pnpm bench markdown` (speed lives in benchmarks,
// not in assertions that a loaded machine can fail); the parser (markdown-it) is linear on
// emphasis, strikethrough, links and footnotes, which micromark resolved in quadratic time; the
// worker pool's time budget, which the end-to-end test covers, remains a second line of defence.
import { documentToMarkdown, markdownToDocument } from './index';
import { documentInputError, MAX_DOCUMENT_DEPTH, MAX_MARKDOWN_NESTING, markdownInputError, markdownNesting } from './limits';

const lines = (count: number, line: (index: number) => string): string => Array.from({ length: count }, (_, i) => line(i)).join('\n');

const PATHOLOGICAL: Record<string, string> = {
  'nested quotes on one line': '>'.repeat(5000),
  'nested quote prefixes': '> '.repeat(3000) + 'a',
  'quote lines growing to 100 levels': lines(1000, (i) => '>'.repeat(i % 100) + ' a'),
  'list items nested by indentation': lines(400, (i) => ' '.repeat(2 * i) + '- a'),
  'list markers on one line': '- '.repeat(5000) + 'a',
  'ordered markers on one line': '1. '.repeat(5000) + 'a',
  'unclosed Liquid blocks': '{% hint style="info" %}\n'.repeat(2000),
  'Liquid blocks closed in reverse': '{% tabs %}\n'.repeat(1000) + '{% endtabs %}\n'.repeat(1000),
  'unclosed details': '<details>\n\n'.repeat(1000),
  'unterminated Liquid line': '{%' + ' a'.repeat(20_000),
  'open brackets': '['.repeat(20_000),
  backticks: '`'.repeat(20_000),
  'backtick runs of every length': lines(2000, (i) => '`'.repeat((i % 60) + 1) + 'a'),
  underscores: '_a'.repeat(20_000),
  ampersands: '&'.repeat(20_000),
  'angle brackets': '<'.repeat(20_000),
  backslashes: '\\'.repeat(20_000),
  'table of 500 columns': '|a'.repeat(500) + '|\n' + '|-'.repeat(500) + '|\n' + '|b'.repeat(500) + '|',
  'reference definitions': '[a]: b\n'.repeat(2000),
  'inline HTML marks': '<strong>a'.repeat(2000),
  // Each unclosed `<a>`/`<span>` used to scan to the end for its closing tag: 84 s for 250 KB.
  'unclosed inline anchors and spans': '<a href="x">a<span>b'.repeat(4000),
  'HTML marks closed out of order': '<mark>a'.repeat(100) + '</kbd>'.repeat(4000),
  'file tags without closing tags': '{% file src="x" %}\n'.repeat(2000),
  // Quadratic in micromark: 5 s each for 4,000 runs, over 10 s at these sizes.
  'emphasis runs': '*a'.repeat(6_000),
  'strikethrough runs': '~a'.repeat(6_000),
  'footnote references': '[^a]: b\n\n' + 'x[^a]'.repeat(8_000),
  'footnote label starts': '[^'.repeat(20_000),
};

/** Either refused by the input limits or converted both ways, as the service does it. */
function convert(markdown: string): 'refused' | 'converted' {
  if (markdownInputError(markdown)) return 'refused';
  try {
    documentToMarkdown(markdownToDocument(markdown));
  } catch (error) {
    // A stack overflow is refused by the worker (400); anything else is a bug.
    if (error instanceof RangeError) return 'refused';
    throw error;
  }
  return 'converted';
}

describe('pathological Markdown', () => {
  // Loads the parser, so the first case is not charged for it.
  beforeAll(() => convert('# warm *up*'));

  it.each(Object.entries(PATHOLOGICAL))('%s: converted or refused, never thrown', (_name, markdown) => {
    expect(markdown.length).toBeLessThan(1_000_000);
    expect(['converted', 'refused']).toContain(convert(markdown));
  });

  it('refuses deep nesting by name and limit', () => {
    expect(markdownInputError('>'.repeat(5000))).toMatch(/at most 32 are allowed/);
    expect(markdownInputError(lines(40, (i) => ' '.repeat(2 * i) + '- a'))).toMatch(/levels deep/);
  });

  it('accepts the nesting real pages use, and code indented inside fences', () => {
    expect(markdownNesting(lines(10, (i) => ' '.repeat(2 * i) + '- a'))).toBe(9 + 1);
    expect(markdownNesting('> - > 1. a')).toBe(4);
    const deeplyIndentedCode = '```json\n' + lines(50, (i) => ' '.repeat(4 * i) + '{') + '\n```\n\nafter';
    expect(markdownInputError(deeplyIndentedCode)).toBeUndefined();
    expect(markdownNesting('> a\n'.repeat(MAX_MARKDOWN_NESTING))).toBe(1);
  });

  it('refuses a lone surrogate, keeps a pair', () => {
    expect(markdownInputError('a\udfffb')).toMatch(/lone UTF-16 surrogate/);
    expect(markdownInputError('a\ud800')).toMatch(/lone UTF-16 surrogate/);
    expect(markdownInputError('emoji 😀 ok')).toBeUndefined();
  });
});

describe('Document input limits', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = { object: 'leaf', text: 'a', marks: [] };
    for (let i = 0; i < depth; i++) value = { object: 'block', type: 'blockquote', nodes: [value] };
    return { object: 'document', data: {}, nodes: [value] };
  };

  it('measures a document nested 100,000 deep without overflowing the stack', () => {
    expect(documentInputError(nested(20_000))).toBe(`nests more than ${MAX_DOCUMENT_DEPTH} levels deep (objects and arrays)`);
  });

  it('accepts what Markdown at the nesting limit produces', () => {
    const markdown = lines(MAX_MARKDOWN_NESTING / 2, (i) => ' '.repeat(2 * i) + '- a');
    expect(markdownInputError(markdown)).toBeUndefined();
    expect(documentInputError(markdownToDocument(markdown))).toBeUndefined();
  });

  it('names the path of a string holding a lone surrogate', () => {
    const document = {
      object: 'document',
      data: {},
      nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text: 'a\udfffb' }] }] }],
    };
    expect(documentInputError(document)).toBe(
      'nodes[0].nodes[0].leaves[0].text: must not contain a lone UTF-16 surrogate (invalid Unicode)',
    );
    expect(documentInputError({ ['\ud800']: 1 })).toMatch(/a key must not contain/);
  });
});
