import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type Document, documentText, documentToMarkdown, markdownToDocument, readPageMarkdown, walkDocument } from '@bindery/document';
import { documentSchemaErrors } from '@bindery/document/testing';
import { devDataPath } from '@bindery/testing';

/** Source constructs of real GitBook repositories: Liquid blocks by name, HTML elements by tag. */
const LIQUID = /\{%-?\s*([a-z][\w-]*)/g;
const HTML = /<(table|figure|img|picture|mark|kbd|pre|code|details|summary|div|br|a|iframe|video|p|span|sup|sub)\b/gi;
/** Code fences and inline code, where a construct is an example rather than markup. */
const CODE = /(^|\n)\s*(```|~~~)[\s\S]*?\n\s*\2[^\n]*|`[^`\n]+`/g;

/**
 * `pnpm bench gitsync-format`: over the dev repository's pages (see `devDataPath`), how many GitBook
 * constructs the source holds and which blocks, marks and inlines the document library made of
 * them, how many it left as literal text (outside code), the share of the source's words the
 * documents keep, and Markdown → Document throughput on one thread, in CPU time (this machine is
 * shared: wall time is printed too). Over those pages and the document library's GitBook corpus:
 * documents the official schema refuses, and files a second round trip changes.
 */
export function gitSyncFormatBench(): Promise<string[]> {
  let repository: string;
  try {
    repository = devDataPath('gitbook-dev', 'beefree-sdk-docs');
  } catch (error) {
    return Promise.resolve([String(error)]);
  }
  if (!existsSync(repository)) return Promise.resolve([`no dev repository at ${repository}`]);
  const pages = markdownFiles(repository).map((file) => readFileSync(file, 'utf8'));
  const bytes = pages.reduce((sum, markdown) => sum + Buffer.byteLength(markdown), 0);
  const timing = throughput(pages);

  const source = new Map<string, number>();
  const leftAsText = new Map<string, number>();
  const made = new Map<string, number>();
  let sourceWords = 0;
  let keptWords = 0;
  for (const markdown of pages) {
    const page = readPageMarkdown(markdown, { titleFromHeading: true });
    const outsideCode = markdown.replace(CODE, ' ');
    count(outsideCode, LIQUID, source, (m) => `{% ${m[1]} %}`);
    count(outsideCode, HTML, source, (m) => `<${m[1].toLowerCase()}>`);
    const prose = proseText(page.document).replace(CODE, ' ');
    count(prose, LIQUID, leftAsText, (m) => `{% ${m[1]} %}`);
    count(prose, HTML, leftAsText, (m) => `<${m[1].toLowerCase()}>`);
    countNodes(page.document, made);
    const kept = wordBag([page.headingTitle ?? '', documentText(page.document), ...dataText(page.document)].join('\n'));
    for (const word of words(stripMarkup(markdown))) {
      sourceWords++;
      const n = kept.get(word) ?? 0;
      if (n > 0) {
        keptWords++;
        kept.set(word, n - 1);
      }
    }
  }
  const corpus = join(__dirname, '../../libs/document/src/corpus');
  const checked = [...pages, ...(existsSync(corpus) ? markdownFiles(corpus).map((file) => readFileSync(file, 'utf8')) : [])];
  const roundTrip = roundTrips(checked);
  const mb = bytes / 1024 / 1024;
  const lines = [
    `dev repository: ${pages.length} pages, ${mb.toFixed(2)} MB of Markdown`,
    `Markdown → Document: ${(mb / timing.cpuSeconds).toFixed(2)} MB/s of CPU time on one thread (${(mb / timing.wallSeconds).toFixed(2)} MB/s wall; best of 3)`,
    `words kept: ${((100 * keptWords) / sourceWords).toFixed(2)} % (${keptWords} of ${sourceWords})`,
    `constructs left as text outside code: ${[...leftAsText.values()].reduce((a, b) => a + b, 0)}`,
    `over ${checked.length} files (with the document library's corpus): ${roundTrip.invalid} schema-invalid documents, ${roundTrip.unstable} files changed by a second round trip, ${roundTrip.identical} bodies written back byte for byte, ${roundTrip.unconverted} tags kept as noted code blocks`,
    '',
    '| construct (outside code) | in the source | left as text |',
    '|---|---|---|',
  ];
  for (const [construct, n] of [...source].sort((a, b) => b[1] - a[1]))
    lines.push(`| \`${construct}\` | ${n} | ${leftAsText.get(construct) ?? 0} |`);
  lines.push('', '| became (block, mark, inline) | count |', '|---|---|');
  for (const [type, n] of [...made].sort((a, b) => b[1] - a[1])) lines.push(`| ${type} | ${n} |`);
  return Promise.resolve(lines);
}

function markdownFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === '.git') continue;
    const full = join(dir, name);
    if (statSync(full).isDirectory()) files.push(...markdownFiles(full));
    else if (name.endsWith('.md') && name !== 'SUMMARY.md') files.push(full);
  }
  return files;
}

/** Import → export → import → export over each file: schema errors, and whether the second export differs from the first. */
function roundTrips(sources: string[]): { invalid: number; unstable: number; identical: number; unconverted: number } {
  let invalid = 0;
  let unstable = 0;
  let identical = 0;
  let unconverted = 0;
  for (const source of sources) {
    const { document } = readPageMarkdown(source, { titleFromHeading: true });
    if (documentSchemaErrors(resolvedLikeGitSync(document)).length > 0) invalid++;
    walkDocument(document, (node) => {
      if (node.object === 'block' && node.type === 'code' && node.data.title === 'GitBook block not converted, kept as written')
        unconverted++;
      return true;
    });
    const once = documentToMarkdown(document);
    if (source.endsWith(once)) identical++;
    if (documentToMarkdown(markdownToDocument(once)) !== once) unstable++;
  }
  return { invalid, unstable, identical, unconverted };
}

/** Relative URL references made page or file references, as Git Sync stores them. */
function resolvedLikeGitSync(document: Document): Document {
  return JSON.parse(JSON.stringify(document), (_name, value: unknown) => {
    const ref = value as { kind?: string; url?: string } | null;
    if (ref?.kind !== 'url' || typeof ref.url !== 'string' || /^[a-z][a-z0-9+.-]*:|^#/i.test(ref.url)) return value;
    return /(\.md|\/)(#|$)/i.test(ref.url) ? { kind: 'page', page: ref.url } : { kind: 'file', file: ref.url };
  }) as Document;
}

/** Best of three passes over every page, in CPU seconds (user + system) and wall seconds. */
function throughput(pages: string[]): { cpuSeconds: number; wallSeconds: number } {
  let cpuSeconds = Infinity;
  let wallSeconds = Infinity;
  for (let pass = 0; pass < 3; pass++) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (const markdown of pages) readPageMarkdown(markdown, { titleFromHeading: true });
    const used = process.cpuUsage(cpu);
    cpuSeconds = Math.min(cpuSeconds, (used.user + used.system) / 1e6);
    wallSeconds = Math.min(wallSeconds, (performance.now() - started) / 1000);
  }
  return { cpuSeconds, wallSeconds };
}

/** The text a reader sees as prose: every text leaf outside code blocks. */
function proseText(document: Document): string {
  const parts: string[] = [];
  walkDocument(document, (node) => {
    if (node.object === 'block' && node.type === 'code') return false;
    if (node.object === 'text') for (const leaf of node.leaves) if (!leaf.marks.some((mark) => mark.type === 'code')) parts.push(leaf.text);
    if (node.object === 'block' && node.type === 'paragraph') parts.push('\n');
    return true;
  });
  return parts.join('');
}

function countNodes(document: Document, into: Map<string, number>): void {
  const add = (name: string): void => void into.set(name, (into.get(name) ?? 0) + 1);
  walkDocument(document, (node) => {
    if (node.object === 'block' || node.object === 'inline') {
      if (node.type === 'code' && node.data.syntax === 'html') add('code (html)');
      else if (node.type === 'heading-1' || node.type === 'heading-2' || node.type === 'heading-3')
        add(node.data.id ? 'heading with id' : 'heading');
      else add(node.type);
    }
    if (node.object === 'text') for (const leaf of node.leaves) for (const mark of leaf.marks) add(`mark ${mark.type}`);
  });
}

function count(text: string, pattern: RegExp, into: Map<string, number>, name: (m: RegExpExecArray) => string): void {
  for (const m of text.matchAll(pattern)) into.set(name(m), (into.get(name(m)) ?? 0) + 1);
}

/**
 * The words of the source: without front matter, tags, Liquid markup, link targets, character
 * references (`&#x20;` is a space, not the word "x20"), ordered-list numbers (kept as the list's
 * structure) and Markdown punctuation.
 */
function stripMarkup(markdown: string): string {
  return markdown
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/\{%[\s\S]*?%\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/&(?:[a-z]+|#x?[0-9a-f]+);/gi, ' ')
    .replace(/^([ \t>]*)\d+[.)](?=\s)/gm, '$1');
}

/** Words the document keeps outside its text: image alt texts and code block languages. */
function dataText(document: Document): string[] {
  const parts: string[] = [];
  walkDocument(document, (node) => {
    if (node.object === 'block' && node.type === 'image' && node.data.alt) parts.push(node.data.alt);
    if (node.object === 'inline' && node.type === 'inline-image' && node.data.alt) parts.push(node.data.alt);
    if (node.object === 'block' && node.type === 'code' && node.data.syntax) parts.push(node.data.syntax);
  });
  return parts;
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function wordBag(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const word of words(text)) bag.set(word, (bag.get(word) ?? 0) + 1);
  return bag;
}
