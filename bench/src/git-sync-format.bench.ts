import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { documentText, readPageMarkdown } from '@bindery/document';

/** The GitBook-format repository the git sync issue gives (outside the repository, on the build machine). */
const DEV_REPO = join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'gitbook-dev', 'beefree-sdk-docs');

/** Source constructs of real GitBook repositories: Liquid blocks by name, HTML elements by tag. */
const LIQUID = /\{%\s*([a-z-]+)/g;
const HTML = /<(table|figure|img|picture|mark|kbd|pre|code|details|summary|div|br|a|iframe|video|p|span|sup|sub)\b/gi;

/**
 * `pnpm bench gitsync-format`: over the dev repository's pages, how many GitBook constructs the
 * document library turns into blocks and how many it leaves as literal text, the share of the
 * source's words the documents keep, and Markdown → Document throughput on one thread.
 */
export function gitSyncFormatBench(): Promise<string[]> {
  if (!existsSync(DEV_REPO)) return Promise.resolve([`no dev repository at ${DEV_REPO}`]);
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.md') && name !== 'SUMMARY.md') files.push(full);
    }
  };
  walk(DEV_REPO);
  const source = new Map<string, number>();
  const leftAsText = new Map<string, number>();
  let bytes = 0;
  let ms = 0;
  let sourceWords = 0;
  let keptWords = 0;
  for (const file of files) {
    const markdown = readFileSync(file, 'utf8');
    bytes += Buffer.byteLength(markdown);
    const started = performance.now();
    const page = readPageMarkdown(markdown, { titleFromHeading: true });
    ms += performance.now() - started;
    const text = (page.headingTitle ?? '') + '\n' + documentText(page.document);
    const outsideCode = markdown.replace(/```[\s\S]*?```/g, '');
    count(outsideCode, LIQUID, source, (m) => `{% ${m[1]} %}`);
    count(outsideCode, HTML, source, (m) => `<${m[1].toLowerCase()}>`);
    count(text.replace(/```[\s\S]*?```/g, ''), LIQUID, leftAsText, (m) => `{% ${m[1]} %}`);
    count(text, HTML, leftAsText, (m) => `<${m[1].toLowerCase()}>`);
    const kept = wordBag(text);
    for (const word of words(stripMarkup(markdown))) {
      sourceWords++;
      const n = kept.get(word) ?? 0;
      if (n > 0) {
        keptWords++;
        kept.set(word, n - 1);
      }
    }
  }
  const lines = [
    `dev repository: ${files.length} pages, ${(bytes / 1024 / 1024).toFixed(2)} MB of Markdown`,
    `Markdown → Document: ${(bytes / 1024 / 1024 / (ms / 1000)).toFixed(2)} MB/s on one thread (${ms.toFixed(0)} ms)`,
    `words kept: ${((100 * keptWords) / sourceWords).toFixed(2)} % (${keptWords} of ${sourceWords})`,
    '| construct | in the source | left as text |',
    '|---|---|---|',
  ];
  for (const [construct, n] of [...source].sort((a, b) => b[1] - a[1]))
    lines.push(`| \`${construct}\` | ${n} | ${leftAsText.get(construct) ?? 0} |`);
  return Promise.resolve(lines);
}

function count(text: string, pattern: RegExp, into: Map<string, number>, name: (m: RegExpExecArray) => string): void {
  for (const m of text.matchAll(pattern)) into.set(name(m), (into.get(name(m)) ?? 0) + 1);
}

/** The words a reader sees: without front matter, tags, Liquid markup, link targets and Markdown punctuation. */
function stripMarkup(markdown: string): string {
  return markdown
    .replace(/^---\n[\s\S]*?\n---\n/, '')
    .replace(/\{%[\s\S]*?%\}/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\]\([^)]*\)/g, '] ')
    .replace(/&[a-z]+;/g, ' ');
}

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

function wordBag(text: string): Map<string, number> {
  const bag = new Map<string, number>();
  for (const word of words(text)) bag.set(word, (bag.get(word) ?? 0) + 1);
  return bag;
}
