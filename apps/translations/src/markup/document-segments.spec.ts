import { documentToMarkdown, markdownToDocument } from '@bindery/document';
import { documentSegments, textSegment } from './document-segments';
import { fromMarkup, toMarkup } from './inline-markup';
import { readInstructions } from './instructions';

const text = (value: string, marks: string[] = []) => ({
  object: 'text',
  leaves: [{ object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) }],
});
const paragraph = (...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', key: 'p1', data: {}, nodes });
const link = (url: string, ...nodes: unknown[]) => ({ object: 'inline', type: 'link', data: { ref: { kind: 'url', url } }, nodes });
const doc = (...nodes: unknown[]) => ({ object: 'document', data: { schemaVersion: 1 }, nodes });

/** Loose view of a node for assertions. */
interface N {
  object: string;
  type?: string;
  data: { title?: string; ref?: { url?: string } };
  leaves: Array<{ text: string; marks: Array<{ type: string }> }>;
  nodes: N[];
}
const asNodes = (value: unknown) => value as N[];
const asNode = (value: unknown) => value as N;

/** A stand-in engine: upper-cases text outside tags, as a translation changes words but keeps tags. */
const shout = (markup: string) => markup.replace(/(^|>)([^<]*)/g, (_, close: string, words: string) => close + words.toUpperCase());

describe('inline markup', () => {
  it('round-trips marks, links and inline code unchanged through an engine that returns its input', () => {
    const nodes = [
      text('Run '),
      text('npm install', ['code']),
      text(' then read '),
      link('https://x.test/a?b=1&c', text('the '), text('docs', ['bold'])),
      text('.'),
    ];
    const markup = toMarkup(nodes);
    expect(markup.markup).not.toContain('npm install');
    expect(markup.markup).not.toContain('https://');
    const back = fromMarkup(markup.markup, markup);
    expect(JSON.stringify(back).replace(/"key":"[^"]*",?/g, '')).toContain('"url":"https://x.test/a?b=1&c"');
    const flat = (ns: N[]): string =>
      ns
        .map((n) =>
          n.object === 'text' ? n.leaves.map((l) => `${l.text}[${l.marks.map((m) => m.type).join()}]`).join('') : `<${flat(n.nodes)}>`,
        )
        .join('');
    expect(flat(asNodes(back))).toBe(flat(asNodes(nodes)));
  });

  it('keeps marks and links on the translated words, and escapes text', () => {
    const nodes = [text('a < b & '), text('bold', ['bold']), text(' '), link('https://u.test', text('here'))];
    const markup = toMarkup(nodes);
    expect(markup.markup).toBe('a &lt; b &amp; <span data-m="0">bold</span> <a data-m="1">here</a>');
    const back = asNodes(fromMarkup(shout(markup.markup), markup));
    expect(back[0].leaves.map((l) => [l.text, l.marks.length])).toEqual([
      ['A < B & ', 0],
      ['BOLD', 1],
      [' ', 0],
    ]);
    expect(back[1]).toMatchObject({
      type: 'link',
      data: { ref: { url: 'https://u.test' } },
      nodes: [{ object: 'text', leaves: [{ text: 'HERE' }] }],
    });
  });

  it('puts back a placeholder the engine lost, and ignores tags it invented', () => {
    const markup = toMarkup([text('use '), text('x()', ['code']), text(' now')]);
    const back = asNodes(fromMarkup('utilisez <b>maintenant</b>', markup));
    expect(back[0].leaves.map((l) => l.text)).toEqual(['utilisez ', 'maintenant', 'x()']);
  });

  it('never sends URLs and e-mail addresses written as text, and puts them back exactly', () => {
    const written = 'See https://docs.example.com/api/users/create-new?x=1&y=2, www.example.org/install or me@example.com.';
    const markup = toMarkup([text(written, ['italic'])]);
    expect(markup.markup).not.toMatch(/example|users|install/);
    const back = asNodes(fromMarkup(shout(markup.markup), markup));
    expect(back[0].leaves.map((l) => l.text).join('')).toBe(
      'SEE https://docs.example.com/api/users/create-new?x=1&y=2, www.example.org/install OR me@example.com.',
    );
    expect(back[0].leaves.every((l) => l.marks.length === 1)).toBe(true);
  });

  it('counts words of translatable text only', () => {
    expect(toMarkup([text('two words'), text('code here', ['code'])]).words).toBe(2);
  });
});

describe('documentSegments', () => {
  it('translates text blocks, leaves code, math and structure alone', () => {
    const code = {
      object: 'block',
      type: 'code',
      data: { syntax: 'js' },
      nodes: [{ object: 'block', type: 'code-line', data: {}, nodes: [text('let x = 1')] }],
    };
    const tabs = {
      object: 'block',
      type: 'tabs',
      nodes: [{ object: 'block', type: 'tabs-item', data: { title: 'First tab' }, nodes: [paragraph(text('inside tab'))] }],
    };
    const hint = { object: 'block', type: 'hint', data: { style: 'info' }, nodes: [paragraph(text('a hint'))] };
    const source = doc(paragraph(text('hello world')), code, tabs, hint, {
      object: 'block',
      type: 'math',
      data: { formula: 'x^2' },
      isVoid: true,
    });
    const { document, segments } = documentSegments(source);
    expect(segments.map((s) => s.markup)).toEqual(['hello world', 'First tab', 'inside tab', 'a hint']);
    segments.forEach((s) => s.apply(shout(s.markup)));
    const out = asNode(document);
    expect(out.nodes[0].nodes[0].leaves[0].text).toBe('HELLO WORLD');
    expect(out.nodes[1]).toEqual(code);
    expect(out.nodes[2].nodes[0].data.title).toBe('FIRST TAB');
    expect(out.nodes[4]).toEqual(source.nodes[4]);
    // The source is not changed.
    expect(asNode(source.nodes[0]).nodes[0].leaves[0].text).toBe('hello world');
  });

  it('translates table cells and column titles', () => {
    const table = {
      object: 'block',
      type: 'table',
      isVoid: true,
      data: {
        view: { type: 'grid', columns: ['c1'] },
        records: { r1: { orderIndex: 'a', values: { c1: 'f1' } } },
        definition: { c1: { id: 'c1', title: 'Name', type: 'text' } },
      },
      fragments: [{ object: 'fragment', fragment: 'f1', nodes: [paragraph(text('cell text'))] }],
    };
    const { segments } = documentSegments(doc(table));
    expect(segments.map((s) => s.markup)).toEqual(['Name', 'cell text']);
  });
});

describe('documentSegments of a hand-written API operation ({% swagger %})', () => {
  const SWAGGER =
    '{% swagger method="get" path="/v1/users/{id}" summary="Get a user" %}\n' +
    '{% swagger-description %}\nReads one user.\n{% endswagger-description %}\n\n' +
    '{% swagger-parameter in="path" name="id" type="String" required="true" %}\nThe user id\n{% endswagger-parameter %}\n\n' +
    '{% swagger-response status="200: OK" description="The user" %}\n```json\n{"id": "u1"}\n```\n{% endswagger-response %}\n' +
    '{% endswagger %}\n';

  it('translates its summary and descriptions, not its names, paths or examples, and still exports as the same tags', () => {
    const source = markdownToDocument(SWAGGER) as unknown as Record<string, unknown>;
    const { document, segments } = documentSegments(source);
    expect(segments.map((s) => s.markup)).toEqual(['Get a user', 'Reads one user.', 'The user id', 'The user']);
    segments.forEach((s) => s.apply(shout(s.markup)));
    expect(documentToMarkdown(document as never)).toBe(
      SWAGGER.replace('summary="Get a user"', 'summary="GET A USER"')
        .replace('Reads one user.', 'READS ONE USER.')
        .replace('\nThe user id\n', '\nTHE USER ID\n')
        .replace('description="The user"', 'description="THE USER"'),
    );
    // The source is not changed.
    expect(documentToMarkdown(source as never)).toBe(SWAGGER);
  });
});

describe('instructions', () => {
  it('reads fixed translations, terms to keep and free guidance', () => {
    const instructions = readInstructions(
      doc(
        paragraph(text('Bindery => Bindery')),
        paragraph(text('keep: Space, API')),
        paragraph(text('page -> página')),
        paragraph(text('Use a formal tone.')),
      ),
    );
    expect(instructions.glossary.terms).toEqual([
      { term: 'Bindery', to: 'Bindery' },
      { term: 'Space', to: 'Space' },
      { term: 'API', to: 'API' },
      { term: 'page', to: 'página' },
    ]);
    expect(instructions.guidance).toBe('Use a formal tone.');
  });

  it('never sends glossary terms to the engine, and puts their fixed translation back', () => {
    const { glossary } = readInstructions(doc(paragraph(text('page -> página')), paragraph(text('keep: Bindery'))));
    let title = '';
    const segment = textSegment('The Bindery page and pages', (t) => (title = t), glossary);
    expect(segment.markup).toBe('The <img data-x="0"> <img data-x="1"> and pages');
    segment.apply(shout(segment.markup));
    expect(title).toBe('THE Bindery página AND PAGES');
  });
});
