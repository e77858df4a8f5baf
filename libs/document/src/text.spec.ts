import type { Document } from './document.types';
import { markdownToDocument } from './index';
import { documentSections, documentText } from './text';
import { counterKeys } from './testing/counter-keys';

const PAGE = [
  'Intro with **bold** and a [link](https://example.com).',
  '',
  '## Install',
  '',
  '- one',
  '- two ![logo](https://img.example.com/a.png)',
  '',
  '```sh',
  'npm install',
  'npm test',
  '```',
  '',
  '### Configure {#ignored}',
  '',
  '{% hint style="info" %}',
  'A hint.',
  '{% endhint %}',
  '',
  '| Name | Value |',
  '| ---- | ----- |',
  '| a    | 1     |',
  '',
  '## Empty',
  '',
].join('\n');

describe('documentText', () => {
  it('is one line per block of text, in reading order, without formatting, images or link targets', () => {
    expect(documentText(markdownToDocument(PAGE)).split('\n')).toEqual([
      'Intro with bold and a link.',
      'Install',
      'one',
      'two ',
      'npm install',
      'npm test',
      'Configure {#ignored}',
      'A hint.',
      'Name',
      'Value',
      'a',
      '1',
      'Empty',
    ]);
  });

  it('reads image captions and expandable parts (fragments)', () => {
    const document = markdownToDocument('<details>\n<summary>More</summary>\n\nHidden text.\n\n</details>\n');
    expect(documentText(document)).toBe('More\nHidden text.');
  });

  it('is empty for an empty document, and skips blank blocks', () => {
    expect(documentText({ object: 'document', data: {}, nodes: [] })).toBe('');
    expect(documentText(markdownToDocument('a\n\n---\n\nb\n'))).toBe('a\nb');
  });

  it('reads block types the model does not describe, and ignores malformed parts', () => {
    const stored = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'openapi-operation',
          nodes: [{ object: 'block', type: 'custom', nodes: [{ object: 'text', leaves: [{ text: 'deep' }] }] }],
        },
        {
          object: 'block',
          type: 'paragraph',
          nodes: [null, { object: 'text' }, { object: 'text', leaves: [null, { text: 7 }, { text: 'ok' }] }],
        },
      ],
    } as unknown as Document;
    expect(documentText(stored)).toBe('deep\nok');
  });

  it('walks a very deep document without overflowing the stack', () => {
    let node: unknown = {
      object: 'block',
      type: 'paragraph',
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'bottom', marks: [] }] }],
    };
    for (let i = 0; i < 100_000; i++) node = { object: 'block', type: 'blockquote', nodes: [node] };
    expect(documentText({ object: 'document', data: {}, nodes: [node] } as Document)).toBe('bottom');
  });
});

describe('documentSections', () => {
  it('cuts the page at its headings, with the text before the first one as level 0', () => {
    const sections = documentSections(markdownToDocument(PAGE, { newKey: counterKeys() }));
    expect(sections.map(({ heading, level, text }) => ({ heading, level, text }))).toEqual([
      { heading: '', level: 0, text: 'Intro with bold and a link.' },
      { heading: 'Install', level: 1, text: 'one\ntwo \nnpm install\nnpm test' },
      { heading: 'Configure {#ignored}', level: 2, text: 'A hint.\nName\nValue\na\n1' },
      { heading: 'Empty', level: 1, text: '' },
    ]);
    expect(sections[1].key).toMatch(/^k\d+$/);
  });

  it('leaves out conditional content when asked (a search index visitors query)', () => {
    const markdown = '# Plans\n\nFor everyone.\n\n{% if visitor.claims.plan == "pro" %}\nPro secret.\n{% endif %}\n';
    const document = markdownToDocument(markdown, { newKey: counterKeys() });
    expect(documentSections(document)[0].text).toBe('For everyone.\nPro secret.');
    expect(documentSections(document, { withoutConditional: true })[0].text).toBe('For everyone.');
  });

  it('leaves out an empty leading section and carries the heading anchor', () => {
    const document: Document = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'heading-2',
          key: 'h',
          data: { id: 'setup' },
          nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Setup', marks: [] }] }],
        },
        { object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Body', marks: [] }] }] },
      ],
    };
    expect(documentSections(document)).toEqual([{ heading: 'Setup', level: 2, key: 'h', anchor: 'setup', text: 'Body' }]);
  });

  it('is empty for an empty document', () => {
    expect(documentSections({ object: 'document', data: {}, nodes: [] })).toEqual([]);
  });
});
