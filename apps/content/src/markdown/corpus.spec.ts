import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentToMarkdown, markdownToDocument } from './index';
import { documentSchemaErrors } from './testing/document-schema';

const CORPUS = join(__dirname, 'corpus');
const pages = readdirSync(CORPUS).filter((name) => name.endsWith('.md'));

/** The words of a text, for checking that a conversion drops none. */
const words = (text: string): string[] => text.match(/[\p{L}\p{N}]{2,}/gu) ?? [];

describe.each(pages)('corpus page %s', (name) => {
  const source = readFileSync(join(CORPUS, name), 'utf8');

  it('is valid against the official schema once converted', () => {
    expect(documentSchemaErrors(markdownToDocument(source))).toEqual([]);
  });

  it('round-trips stably: a second pass changes nothing', () => {
    const once = documentToMarkdown(markdownToDocument(source));
    expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
  });

  it('keeps every word of the source', () => {
    const written = new Set(words(documentToMarkdown(markdownToDocument(source))));
    expect(words(source).filter((word) => !written.has(word))).toEqual([]);
  });

  it('uses real blocks, not literal fallbacks, for everything it contains', () => {
    // A fallback is a paragraph whose whole text is a tag line or a piece of `<details>` HTML.
    const literals = JSON.stringify(markdownToDocument(source)).match(/"text":"(\{%|<\/?details|<summary)[^"]*"/g) ?? [];
    expect(literals).toEqual([]);
  });
});

it('the corpus covers the four page kinds', () => {
  expect(pages).toEqual(expect.arrayContaining(['api-reference.md', 'tutorial.md', 'changelog.md', 'readme.md']));
});
