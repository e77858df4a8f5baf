// A page body cut into the pieces a translation engine sees: one segment per block of text, with
// its marks, links and inline code carried by `inline-markup`. Everything else (block structure,
// keys, data, code blocks, math, images, embeds, file and page references) is copied untouched,
// but for the descriptions of a hand-written API operation (`swagger` block with its own document).
import { inlineSpecProse } from '@bindery/document';
import { countWords, EMPTY_GLOSSARY, fromMarkup, type Glossary, type InlineMarkup, toMarkup } from './inline-markup';

type Node = Record<string, unknown>;

/** Blocks whose content is never translated (code, formulas, API references). */
const UNTRANSLATED_BLOCKS = new Set([
  'code',
  'code-line',
  'math',
  'openapi',
  'openapi-operation',
  'openapi-schemas',
  'openapi-webhook',
  'swagger',
  'integration',
]);

export interface Segment {
  /** Sent to the engine. */
  markup: string;
  words: number;
  /** Puts the engine's translation in place in the copy. */
  apply(translated: string): void;
}

export interface DocumentSegments {
  /** A deep copy of the document that the segments' `apply` fill in. */
  document: Node;
  segments: Segment[];
}

const holdsInlines = (nodes: unknown): nodes is Node[] =>
  Array.isArray(nodes) && nodes.length > 0 && nodes.every((n) => (n as Node)?.object === 'text' || (n as Node)?.object === 'inline');

/** The segments of a document (a copy is made; the input is not changed). */
export function documentSegments(document: Node, glossary: Glossary = EMPTY_GLOSSARY): DocumentSegments {
  const copy = structuredClone(document);
  const segments: Segment[] = [];
  const visit = (node: Node) => {
    if (node.object === 'block' && node.type === 'swagger') return swaggerSegments(node, segments, glossary);
    if (node.object === 'block' && UNTRANSLATED_BLOCKS.has(String(node.type))) return;
    if (node.object === 'block' && holdsInlines(node.nodes)) {
      const source = toMarkup(node.nodes, glossary);
      if (source.words > 0) segments.push(inlineSegment(node, source));
      return;
    }
    if (node.object === 'block') dataSegments(node, segments, glossary);
    for (const child of [...asNodes(node.nodes), ...asNodes(node.fragments)]) visit(child);
  };
  for (const block of asNodes(copy.nodes)) visit(block);
  return { document: copy, segments };
}

/** A plain string as a segment (titles, descriptions): glossary terms still apply. */
export function textSegment(text: string, set: (translated: string) => void, glossary: Glossary = EMPTY_GLOSSARY): Segment {
  const source = toMarkup([{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }], glossary);
  return {
    markup: source.markup,
    words: source.words,
    apply: (translated) => set(plainText(fromMarkup(translated, source))),
  };
}

function inlineSegment(block: Node, source: InlineMarkup): Segment {
  return { markup: source.markup, words: source.words, apply: (translated) => (block.nodes = fromMarkup(translated, source)) };
}

/** Text held in a block's data: a tab's title, a table's column titles. */
function dataSegments(block: Node, segments: Segment[], glossary: Glossary): void {
  const data = block.data as Node | undefined;
  if (!data) return;
  const add = (holder: Node, key: string) => {
    const value = holder[key];
    if (typeof value === 'string' && countWords(value) > 0) segments.push(textSegment(value, (t) => (holder[key] = t), glossary));
  };
  if (block.type === 'tabs-item') add(data, 'title');
  if (block.type === 'table' && data.definition && typeof data.definition === 'object') {
    for (const column of Object.values(data.definition as Record<string, Node>))
      if (column && typeof column === 'object') add(column, 'title');
  }
}

/**
 * A hand-written API operation (`{% swagger %}`, its OpenAPI document in the block's URL): its
 * summary and descriptions are prose someone wrote, so they are translated; names, paths, types
 * and examples are not. Each translation is put back where the block writes it from, so the
 * translated block still exports as the same tags.
 */
function swaggerSegments(block: Node, segments: Segment[], glossary: Glossary): void {
  const prose = inlineSpecProse(block as Parameters<typeof inlineSpecProse>[0]);
  if (!prose) return;
  const data = block.data as { ref: { kind: string; url: string } };
  for (const text of prose.texts) {
    if (countWords(text.text) === 0) continue;
    segments.push(
      textSegment(
        text.text,
        (translated) => {
          text.set(translated);
          data.ref = { ...data.ref, url: prose.url() };
        },
        glossary,
      ),
    );
  }
}

const asNodes = (value: unknown): Node[] => (Array.isArray(value) ? (value as Node[]).filter((n) => n && typeof n === 'object') : []);

function plainText(nodes: Node[]): string {
  return nodes
    .map((node) => (node.object === 'text' ? ((node.leaves as Array<{ text: string }>) ?? []).map((l) => l.text).join('') : ''))
    .join('');
}
