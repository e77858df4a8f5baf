import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { documentToMarkdown, markdownToDocument, type DocumentBlock } from './index';
import { documentSchemaErrors } from './testing/document-schema';

const CORPUS = join(__dirname, 'corpus');
const pages = readdirSync(CORPUS).filter((name) => name.endsWith('.md'));

/** The words of a text and of its HTML tags' quoted attributes (an image's alt), for checking that a conversion drops none. */
const words = (text: string): string[] =>
  text.replace(/<\/?[a-z][^>]*>/gi, (tag) => ` ${(tag.match(/"[^"]*"/g) ?? []).join(' ')} `).match(/[\p{L}\p{N}]{2,}/gu) ?? [];

/** Paragraphs that are unstyled tag lines or `<details>` HTML: what the converter falls back to. */
function literalParagraphs(blocks: DocumentBlock[]): string[] {
  return blocks.flatMap((block): string[] => {
    const nested = [
      ...('nodes' in block ? block.nodes : []),
      ...('fragments' in block ? block.fragments.flatMap((fragment) => fragment.nodes) : []),
    ];
    if (block.type !== 'paragraph') return literalParagraphs(nested.filter((node): node is DocumentBlock => node.object === 'block'));
    const leaves = block.nodes.flatMap((node) => (node.object === 'text' ? node.leaves : []));
    const text = leaves.map((leaf) => leaf.text).join('');
    const unstyled = leaves.every((leaf) => leaf.marks.length === 0);
    return unstyled && /^(\{%|<\/?details|<summary)/.test(text) ? [text] : [];
  });
}

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
    expect(literalParagraphs(markdownToDocument(source).nodes)).toEqual([]);
  });
});

it('the corpus covers the four page kinds', () => {
  expect(pages).toEqual(expect.arrayContaining(['api-reference.md', 'tutorial.md', 'changelog.md', 'readme.md']));
});
