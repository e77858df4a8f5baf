import { createHash } from 'node:crypto';
import { posix } from 'node:path';
import type { ImportFile, ImportReadPage, ImportReadResult, JsonDocument } from '@bindery/contracts';
import type { MarkdownRefs } from '@bindery/platform/markdown';
import { Document as YamlDocument, visit as visitYaml } from 'yaml';
import { includePaths } from './includes';
import { type PathIds, slugify } from './import-tree';
import { inProcessConverter, mapConcurrently, type PageConverter } from './page-parser';
import { type PageSource, pageSourceHash, referencedFiles, referencedPages } from './page-source';

/** A page of the space with its body, as an export writes it (null for groups, links and empty bodies). */
export type ExportPage = Omit<ImportReadPage, 'documentHash' | 'pages'> & { document: JsonDocument | null; pages: ExportPage[] };
/** A reusable content with its body, as an export writes it to `.gitbook/includes/`. */
export interface ExportReusableContent {
  id: string;
  title: string;
  document: JsonDocument | null;
}
/** The space's tree as `content.import.read` gives it, with the bodies read in (see `readWithBodies`). */
export type ExportRead = Omit<ImportReadResult, 'pages' | 'reusableContents'> & {
  pages: ExportPage[];
  reusableContents?: ExportReusableContent[];
};

export interface ExportPlan {
  /** Root-relative path → text of every page file, SUMMARY.md and README.md. */
  texts: Map<string, string>;
  /** Root-relative path → file of the space. */
  files: Map<string, ImportFile>;
  /** Path ids after the export: the next import keeps every id. */
  ids: PathIds;
  /** Page files not rendered again: unchanged since the last export, which wrote them (see `branchUnchanged`). */
  kept: Set<string>;
  /** Page files written as they were imported (their page is unchanged since): see `PageSource`. */
  fromSource: Set<string>;
}

/**
 * Writes a space's tree in GitBook's format: a file per page where it came from (its git path)
 * or in folders that follow the tree (`slug.md`, `slug/README.md` with children), the first page
 * as README.md, SUMMARY.md listing every page, files in `.gitbook/assets/`. Links to pages and
 * files become relative paths.
 */
export async function planExport(
  read: ExportRead,
  previous: PathIds,
  /** The branch is still at the commit of the last sync: files of unchanged pages are as that export wrote them. */
  branchUnchanged = false,
  /** The imported text of page files, by root-relative path: written back while their page is unchanged. */
  sources: ReadonlyMap<string, PageSource> = new Map(),
  /** Writes the pages' Markdown: the worker's runs on a pool of threads. */
  converter: PageConverter = inProcessConverter,
): Promise<ExportPlan> {
  const pagePath = new Map<string, string>();
  const keyOf = new Map<string, string>();
  for (const [key, value] of Object.entries(previous.pages)) keyOf.set(value.id, key);
  const usedPaths = new Set<string>();
  // The space's first document page (at the top, or first in a top group) is the readme.
  let readmeGiven = false;
  const assign = (pages: ExportPage[], dir: string, top: boolean) => {
    pages.forEach((page) => {
      // Groups and links have no file: a group's pages live in a folder named after it.
      if (page.type === 'group') return assign(page.pages, posix.join(dir, page.slug), top);
      if (page.type === 'link') return;
      const key = keyOf.get(page.id);
      let path = key && !key.includes(':') ? key.replace(/#\d+$/, '') : undefined;
      if (path === 'README.md') readmeGiven = true;
      if (!path || usedPaths.has(path)) {
        if (top && !readmeGiven && !usedPaths.has('README.md')) path = 'README.md';
        else path = page.pages.length > 0 ? posix.join(dir, page.slug, 'README.md') : posix.join(dir, `${page.slug}.md`);
      }
      if (top) readmeGiven = true;
      usedPaths.add(path);
      pagePath.set(page.id, path);
      const childDir = posix.basename(path) === 'README.md' ? posix.dirname(path) : posix.join(posix.dirname(path), page.slug);
      assign(page.pages, childDir === '.' ? '' : childDir, false);
    });
  };
  assign(read.pages, '', true);

  const fileByPath = new Map<string, ImportFile>();
  const filePath = new Map<string, string>();
  const knownFile = new Map(Object.entries(previous.files).map(([path, f]) => [f.id, path]));
  for (const file of read.files) {
    let path = knownFile.get(file.id) ?? posix.join('.gitbook/assets', file.name);
    for (let n = 2; fileByPath.has(path); n++) path = posix.join('.gitbook/assets', `${n}-${file.name}`);
    fileByPath.set(path, file);
    filePath.set(file.id, path);
  }

  // Reusable contents: one include file each, kept at the path it was imported from.
  const includePath = includePaths(read.reusableContents ?? [], previous.reusableContents, slugify);

  const texts = new Map<string, string>();
  const kept = new Set<string>();
  const fromSource = new Set<string>();
  /** `{% include %}` paths as GitBook writes them: relative to the including file. */
  const includesFrom = (from: string): Record<string, string> =>
    Object.fromEntries([...includePath].map(([id, target]) => [id, posix.relative(posix.dirname(from), target)]));
  const refPaths = { page: (id: string) => pagePath.get(id), file: (id: string) => filePath.get(id) };
  const ids: PathIds = {
    pages: {},
    files: {},
    reusableContents: Object.fromEntries([...includePath].map(([id, path]) => [path, { id }])),
  };
  // A page's text depends on its own fields and document and on where every page and file lives
  // (its links): a page whose fingerprint is the last export's is not rendered again.
  const layout = createHash('sha1')
    .update(JSON.stringify([...pagePath, ...filePath, ...includePath]))
    .digest('hex');
  const summary: string[] = ['# Table of contents', ''];
  const toRender: Array<{ page: ExportPage; path: string; key: string; fp: string }> = [];
  const write = (pages: ExportPage[], depth: number, parentKey = '') => {
    for (const page of pages) {
      if (page.type === 'group' || page.type === 'link') {
        writeStructural(page, depth, parentKey);
        continue;
      }
      const path = pagePath.get(page.id)!;
      const key = keyOf.get(page.id)?.includes(':') ? keyOf.get(page.id)! : path;
      const { pages: _children, ...own } = page;
      const fp = createHash('sha1').update(layout).update(path).update(JSON.stringify(own)).digest('hex');
      const before = previous.pages[keyOf.get(page.id) ?? ''];
      if (branchUnchanged && before?.fp === fp && before.oid) {
        kept.add(path);
        ids.pages[key] = { ...before };
        summary.push(`${'  '.repeat(depth)}* [${escapeTitle(page.title)}](${encodePath(path)})`);
        write(page.pages, depth + 1, key);
        continue;
      }
      summary.push(`${'  '.repeat(depth)}* [${escapeTitle(page.title)}](${encodePath(path)})`);
      const remembered = sources.get(path);
      if (remembered && remembered.hash === pageSourceHash(page, path, refPaths)) {
        texts.set(path, remembered.source);
        fromSource.add(path);
        const files = referencedFiles(page.document).flatMap((id) => filePath.get(id) ?? []);
        ids.pages[key] = { id: page.id, oid: remembered.oid, files, fp };
        write(page.pages, depth + 1, key);
        continue;
      }
      // Rendered below, on the converter's threads; the text's place in `texts` is kept.
      texts.set(path, '');
      toRender.push({ page, path, key, fp });
      write(page.pages, depth + 1, key);
    }
  };
  /**
   * A group is a `## Title` heading (its slug as GitBook's HTML anchor) followed by its pages; a
   * link is an external entry. Their keys have the shape the import gives them, so ids stay.
   */
  const writeStructural = (page: ExportPage, depth: number, parentKey: string) => {
    const key = keyOf.get(page.id) ?? `${page.type}:${parentKey}/${page.title}`;
    ids.pages[key] = { id: page.id };
    if (page.type === 'group') {
      summary.push('', `## ${escapeHeading(page.title)} <a href="#${page.slug}" id="${page.slug}"></a>`, '');
      write(page.pages, 0, key);
      return;
    }
    const url = page.target?.kind === 'url' ? page.target.url : undefined;
    if (url) summary.push(`${'  '.repeat(depth)}* [${escapeTitle(page.title)}](${url.replace(/[()\s]/g, encodeURIComponent)})`);
  };
  write(read.pages, 0);
  await mapConcurrently(toRender, converter.concurrency, async ({ page, path, key, fp }) => {
    // Links to pages and files become paths relative to this page's file.
    const relative = (target: string) => encodePath(posix.relative(posix.dirname(path), target) || posix.basename(target));
    const refs: MarkdownRefs = { pages: {}, files: {}, reusableContents: includesFrom(path) };
    const linked = new Set<string>();
    if (page.document) {
      for (const id of referencedPages(page.document)) if (pagePath.has(id)) refs.pages![id] = relative(pagePath.get(id)!);
      for (const id of referencedFiles(page.document))
        if (filePath.has(id)) {
          refs.files![id] = relative(filePath.get(id)!);
          linked.add(filePath.get(id)!);
        }
    }
    const body = page.document ? await converter.write(page.document, path, refs) : '';
    const text = frontmatter(page) + `# ${page.title}\n` + (body ? `\n${body}` : '');
    texts.set(path, text);
    // The blob id git will give the file: the next import sees it unchanged and does not parse it again.
    ids.pages[key] = { id: page.id, oid: blobOid(text), files: [...linked], fp };
  });
  texts.set('SUMMARY.md', summary.join('\n') + '\n');
  await mapConcurrently(read.reusableContents ?? [], converter.concurrency, async (content) => {
    const path = includePath.get(content.id)!;
    const body = content.document ? await converter.write(content.document, path, { reusableContents: includesFrom(path) }) : '';
    texts.set(path, `---\n${frontmatterYaml({ title: content.title })}---\n\n${body}`);
  });
  for (const [path, file] of fileByPath)
    ids.files[path] = { id: file.id, oid: '', hash: file.hash, size: file.size, contentType: file.contentType };
  return { texts, files: fileByPath, ids, kept, fromSource };
}

/** `git hash-object` of a text: sha1 of `blob <length>\0<bytes>`. */
export function blobOid(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

function frontmatter(page: ExportPage): string {
  const fields: Record<string, unknown> = {};
  if (page.description) fields.description = page.description;
  if (page.icon) fields.icon = page.icon;
  if (page.emoji) fields.emoji = page.emoji;
  if (page.hidden) fields.hidden = true;
  if (page.layout) fields.layout = page.layout;
  return Object.keys(fields).length > 0 ? `---\n${frontmatterYaml(fields)}---\n\n` : '';
}

/**
 * YAML as GitBook's export writes front matter: a one-line string too long for the line is a
 * folded block (`description: >-`), wrapped at 80 columns; shorter ones stay plain.
 */
export function frontmatterYaml(fields: Record<string, unknown>): string {
  const document = new YamlDocument(fields);
  visitYaml(document, {
    Scalar(key, node) {
      if (key === 'value' && typeof node.value === 'string' && node.value.length > 78 && !node.value.includes('\n'))
        node.type = 'BLOCK_FOLDED';
    },
  });
  return document.toString({ lineWidth: 80, minContentWidth: 0 });
}

const escapeHeading = (title: string): string => title.replace(/([\\<#])/g, '\\$1');
const escapeTitle = (title: string): string => title.replace(/([\\[\]])/g, '\\$1');
const encodePath = (path: string): string =>
  path
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/%2B/g, '+'))
    .join('/');
