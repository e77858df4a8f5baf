import { posix } from 'node:path';
import type { ImportPage, ImportReusableContent, JsonDocument } from '@bindery/contracts';
import { createHash } from 'node:crypto';
import { codeBlockDocument, markdownInputError } from '@bindery/document';
import type { GitbookConfig } from './gitbook-config';
import { isIncludePath, readInclude, resolveIncludes } from './includes';
import { type PageSource, pageSourceHash } from './page-source';
import { inProcessConverter, mapConcurrently, type PageConverter, type ParsedPage } from './page-parser';
import { parseSummary, type SummaryEntry } from './summary';

/** A file of the checkout under the content root: path relative to the root. */
export interface RepoFile {
  oid: string;
  size: number;
}

/** Ids given to git paths by earlier imports (and the blob each page was read from). */
export interface PathIds {
  /** `fp`: the fingerprint of what an export rendered (page, document and every path), to skip rendering it again. */
  pages: Record<string, { id: string; oid?: string; files?: string[]; fp?: string }>;
  files: Record<string, { id: string; oid: string; hash: string; size: number; contentType: string }>;
  /** `.gitbook/includes/*.md` → the id of its reusable content. */
  reusableContents?: Record<string, { id: string }>;
}

export interface ImportPlan {
  pages: ImportPage[];
  /** `.gitbook/includes/*.md`, every one of them (the space's reusable contents). */
  reusableContents: ImportReusableContent[];
  /** Root-relative paths of the files the space holds (assets and linked files). */
  files: string[];
  ids: PathIds;
  /** Missing assets, unresolved links, skipped entries: reported, never fatal. */
  report: string[];
  /**
   * Hostile or broken input (summary entries leaving the root, binary files named .md): the
   * import fails with these reasons and the space stays as it was.
   */
  refused: string[];
  stats: { pages: number; parsed: number; kept: number; markdownBytes: number; parseMs: number };
  /** The text of each page file parsed by this import, by root-relative path (see `PageSource`). */
  sources: Map<string, PageSource>;
}

/** Hooks of `planImport`, for an importer that stores while the pages are still parsing. */
export interface ImportStream {
  /**
   * The page tree (titles from the summary, slugs, no bodies yet), once the repository passed
   * its checks and before any page is parsed: the pages given are the plan's own objects, which
   * parsing fills in later (copy what must stay as it is now).
   */
  onTree?: (pages: ImportPage[]) => void;
  /**
   * Each parsed page as soon as its body is final (links, includes and file ids resolved), in
   * the summary's order, while later pages still parse; with the bytes of its Markdown file.
   */
  onBody?: (page: ImportPage, markdownBytes: number) => void;
}

const ASSETS_DIR = '.gitbook/assets/';
/**
 * The largest page body parsed (real pages are well under 100 KiB). The parser is linear, at worst
 * about 0.1 MB/s on hostile input: a larger page would hold a parsing thread for seconds, so it is
 * imported unparsed, as a code block of its Markdown, with a note (as is a page past its deadline).
 * A code block rather than skipping the page: the page keeps its place in the tree and every
 * character of its source, and nothing disappears from the space or from the next export's summary.
 */
export const MAX_PAGE_BYTES = 512 * 1024;

/**
 * Builds the page tree of a GitBook-format checkout: SUMMARY.md (or, without one, the folder
 * structure), the readme first, front matter as page fields, relative links and images as page,
 * anchor and file references. Pages keep their id per git path; a page whose blob did not change
 * since the last import is not parsed again (`keepDocument`).
 */
export async function planImport(
  files: Map<string, RepoFile>,
  read: (paths: string[]) => Promise<Map<string, Buffer>>,
  config: GitbookConfig,
  previous: PathIds,
  /** Salt of the ids of new paths (the space id): a retry after a crash gives the same ids. */
  salt = '',
  /** Reads the page files: the worker's runs on a pool of threads. */
  converter: PageConverter = inProcessConverter,
  /** What the importer does while pages parse (nothing for a repository that is refused). */
  stream: ImportStream = {},
): Promise<ImportPlan> {
  const newId = (key: string): string => stableId(salt, key);
  const report: string[] = [];
  const refused: string[] = [];
  const ids: PathIds = { pages: {}, files: {} };
  const summaryPath = files.has(config.summary) ? config.summary : undefined;
  const entries = summaryPath
    ? parseSummary((await read([summaryPath])).get(summaryPath)!.toString('utf8'))
    : folderTree(files, config.readme);
  const summaryDir = summaryPath ? posix.dirname(summaryPath) : '';

  // First pass: every page gets its id and path, so links between pages resolve in any order.
  interface Planned {
    key: string;
    page: ImportPage;
    path?: string;
    children: Planned[];
  }
  const byPath = new Map<string, string>();
  const seenKeys = new Set<string>();
  /** Group slugs GitBook wrote as heading anchors, by page id. */
  const slugHints = new Map<string, string>();
  const uniqueKey = (base: string): string => {
    let key = base;
    for (let n = 2; seenKeys.has(key); n++) key = `${base}#${n}`;
    seenKeys.add(key);
    return key;
  };
  const plan = (list: SummaryEntry[], parentKey: string): Planned[] => {
    const out: Planned[] = [];
    for (const entry of list) {
      if (entry.kind === 'link') {
        // An external entry is a link page; it cannot hold pages, so entries nested under it move up beside it.
        if (!SAFE_LINK.test(entry.href ?? '')) {
          report.push(`summary: "${entry.title}" links to ${entry.href}, which is not an http, https or mailto URL; skipped`);
        } else {
          const key = uniqueKey(`link:${parentKey}/${entry.title}`);
          const id = previous.pages[key]?.id ?? newId(`page:${key}`);
          ids.pages[key] = { id };
          const page: ImportPage = {
            id,
            type: 'link',
            target: { kind: 'url', url: entry.href! },
            title: entry.title.slice(0, 255),
            slug: '',
            pages: [],
          };
          out.push({ key, page, children: [] });
        }
        if (entry.children.length > 0) {
          report.push(`summary: "${entry.title}" is an external link; the entries below it are placed beside it`);
          out.push(...plan(entry.children, parentKey));
        }
        continue;
      }
      let path: string | undefined;
      if (entry.href !== undefined) {
        path = resolvePath(summaryDir, entry.href);
        if (path === undefined) {
          refused.push(`summary: "${entry.title}" points outside the root (${entry.href})`);
        } else {
          if (!files.has(path) && files.has(posix.join(path, 'README.md'))) path = posix.join(path, 'README.md');
          if (!files.has(path)) {
            report.push(`summary: "${entry.title}" points at ${path}, which is not in the repository; imported as an empty page`);
            path = undefined;
          }
        }
      }
      // A group is a heading of the table of contents: a page without a body holding the entries below it.
      if (entry.kind === 'group') path = undefined;
      const key = uniqueKey(path ?? `${entry.kind}:${parentKey}/${entry.title}`);
      const known = previous.pages[key];
      const id = known?.id ?? newId(`page:${key}`);
      ids.pages[key] = { id, ...(path ? { oid: files.get(path)!.oid } : {}) };
      if (path && !byPath.has(path)) byPath.set(path, id);
      const page: ImportPage = {
        id,
        ...(entry.kind === 'group' ? { type: 'group' as const } : {}),
        title: entry.title.slice(0, 255),
        slug: '',
        pages: [],
        ...(path ? { gitPath: path } : {}),
      };
      if (entry.anchor) slugHints.set(id, entry.anchor);
      out.push({ key, page, path, children: plan(entry.children, key) });
    }
    return out;
  };
  let roots = plan(entries, '');
  // The readme is the first page, even when the summary does not list it.
  if (files.has(config.readme) && !byPath.has(config.readme)) {
    const known = previous.pages[config.readme];
    const id = known?.id ?? newId(`page:${config.readme}`);
    ids.pages[config.readme] = { id, oid: files.get(config.readme)!.oid };
    byPath.set(config.readme, id);
    roots = [
      {
        key: config.readme,
        page: { id, title: 'Introduction', slug: '', pages: [], gitPath: config.readme },
        path: config.readme,
        children: [],
      },
      ...roots,
    ];
  }

  // Reusable contents: every include file, read before the pages that include them.
  const includePaths = [...files.keys()].filter(isIncludePath).sort();
  const includeIds = new Map(includePaths.map((path) => [path, previous.reusableContents?.[path]?.id ?? newId(`reusable:${path}`)]));
  ids.reusableContents = Object.fromEntries([...includeIds].map(([path, id]) => [path, { id }]));
  const includeTexts = includePaths.length > 0 ? await read(includePaths) : new Map<string, Buffer>();
  const reusableContents = await mapConcurrently(includePaths, converter.concurrency, async (path) => {
    const include = await readInclude(path, includeTexts.get(path)!.toString('utf8'), includeIds.get(path)!, converter, report);
    return { ...include, document: resolveIncludes(include.document, path, includeIds, resolvePath, report) };
  });

  // Second pass: bodies. Only changed blobs are read and parsed.
  const usedFiles = new Set<string>([...files.keys()].filter((p) => p.startsWith(ASSETS_DIR)));
  const toParse: Planned[] = [];
  const walk = (list: Planned[]) => {
    for (const item of list) {
      if (item.path) {
        const known = previous.pages[item.key];
        if (known?.oid === files.get(item.path)!.oid && known.id === item.page.id) {
          item.page.keepDocument = true;
          ids.pages[item.key].files = known.files;
          for (const path of known.files ?? []) if (files.has(path)) usedFiles.add(path);
        } else toParse.push(item);
      }
      walk(item.children);
    }
  };
  walk(roots);
  const blobs = await read(toParse.map((item) => item.path!));
  let markdownBytes = 0;
  /** Source text of the pages parsed, by planned key: hashed once the page is final. */
  const sourceText = new Map<string, string>();
  const started = performance.now();
  // Checked here, in order; parsed on the converter's threads, several pages at once.
  const checked = toParse.map((item) => {
    const bytes = blobs.get(item.path!)!;
    markdownBytes += bytes.length;
    // Git's own test for binary content: a NUL byte in the first 8,000 bytes.
    if (bytes.subarray(0, 8000).includes(0)) {
      refused.push(`${item.path}: a binary file named .md`);
      return undefined;
    }
    const text = bytes.toString('utf8');
    // Remembered only when the text is the file's exact bytes (valid UTF-8) and Postgres can store it (no NUL).
    if (!text.includes('\0') && Buffer.from(text, 'utf8').equals(bytes)) sourceText.set(item.key, text);
    // Too large, or nested past the input limit (the parser drops what is nested deeper than it
    // keeps): the page's source is kept whole, unparsed, rather than parsed with losses.
    const unparsable =
      bytes.length > MAX_PAGE_BYTES
        ? `${Math.ceil(bytes.length / 1024)} KiB is over the ${MAX_PAGE_BYTES / 1024} KiB a page may have`
        : markdownInputError(text);
    return { item, text, unparsable, bytes: bytes.length };
  });
  // The tree is final before any body: slugs come from paths (or the summary's titles and anchors).
  const finish = (list: Planned[], siblings: Set<string>): ImportPage[] =>
    list.map((item) => {
      item.page.slug = uniqueSlug(slugOf(item), siblings);
      item.page.pages = finish(item.children, new Set());
      return item.page;
    });
  const pages = finish(roots, new Set());
  // Nothing is handed on from a repository that is refused: it must not store anything.
  const hooks = refused.length === 0 ? stream : {};
  hooks.onTree?.(pages);
  const parse = async (text: string, path: string): Promise<ParsedPage> => {
    const parsed = await converter.parse(text, path);
    if (parsed.kind !== 'refused') return parsed;
    report.push(`${path}: ${parsed.message}; imported without front matter`);
    return converter.parse(text.replace(/^---\n[\s\S]*?\n---\n/, ''), path);
  };
  // File ids are known before any page is read (kept per path, else derived from it): a page is
  // final as soon as it is parsed, and goes to `onBody` while later pages still parse.
  const pathOfFile = new Map<string, string>();
  const fileIdOf = (path: string): string => {
    const id = previous.files[path]?.id ?? newId(`file:${path}`);
    pathOfFile.set(id, path);
    return id;
  };
  const pathOfPage = new Map([...byPath].map(([path, id]) => [id, path]));
  const refPaths = { page: (id: string) => pathOfPage.get(id), file: (id: string) => pathOfFile.get(id) };
  const sources = new Map<string, PageSource>();
  const finishPage = (at: number, parsed: ParsedPage | undefined): void => {
    const page = checked[at];
    if (!page) return;
    const { item, text } = page;
    const unparsable =
      page.unparsable ??
      (parsed?.kind === 'timeout'
        ? `still parsing after ${converter.deadlineMs} ms, the time a page may take`
        : parsed?.kind === 'refused'
          ? parsed.message
          : undefined);
    if (unparsable || parsed?.kind !== 'page') {
      report.push(`${item.path}: ${unparsable}; imported unparsed, as a code block of its Markdown`);
      item.page.document = codeBlockDocument(text, 'markdown') as unknown as JsonDocument;
      ids.pages[item.key].files = [];
    } else {
      applyFrontmatter(item.page, parsed.frontmatter);
      const linked = new Set<string>();
      const included = resolveIncludes(parsed.document, item.path!, includeIds, resolvePath, report);
      item.page.document = resolveLinks(included, item.path!, files, byPath, linked, fileIdOf, report);
      ids.pages[item.key].files = [...linked];
      for (const path of linked) usedFiles.add(path);
    }
    const source = sourceText.get(item.key);
    if (source !== undefined)
      sources.set(item.path!, { oid: files.get(item.path!)!.oid, hash: pageSourceHash(item.page, item.path!, refPaths), source });
    hooks.onBody?.(item.page, page.bytes);
  };
  // Pages are finished in order (notes keep the summary's order), each once it and those before it are parsed.
  const results = new Array<ParsedPage | undefined>(checked.length);
  const parsedYet = new Array<boolean>(checked.length).fill(false);
  let finished = 0;
  await mapConcurrently(
    checked.map((_, at) => at),
    converter.concurrency,
    async (at) => {
      const page = checked[at];
      results[at] = page && !page.unparsable ? await parse(page.text, page.item.path!) : undefined;
      parsedYet[at] = true;
      for (; finished < checked.length && parsedYet[finished]; finished++) {
        finishPage(finished, results[finished]);
        results[finished] = undefined;
      }
    },
  );
  const parseMs = performance.now() - started;

  // Files: every asset and every linked file, each with its id kept per path.
  for (const path of usedFiles) {
    const known = previous.files[path];
    const file = files.get(path)!;
    ids.files[path] =
      known && known.oid === file.oid
        ? known
        : { id: known?.id ?? newId(`file:${path}`), oid: file.oid, hash: '', size: file.size, contentType: '' };
  }
  return {
    pages,
    reusableContents,
    files: [...usedFiles],
    ids,
    report,
    refused,
    stats: { pages: seenKeys.size, parsed: toParse.length, kept: seenKeys.size - toParse.length, markdownBytes, parseMs },
    sources,
  };

  function slugOf(item: Planned): string {
    const base = item.path
      ? posix.basename(item.path).toLowerCase() === 'readme.md' && posix.dirname(item.path) !== '.'
        ? posix.basename(posix.dirname(item.path))
        : posix.basename(item.path).replace(/\.md$/i, '')
      : (slugHints.get(item.page.id) ?? item.page.title);
    return slugify(base);
  }
}

/** A 20-character base62 id derived from the space and the git path: the same on every attempt. */
export function stableId(salt: string, key: string): string {
  const digest = createHash('sha256').update(`${salt}\0${key}`).digest();
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let id = '';
  for (let i = 0; i < 20; i++) id += alphabet[digest[i] % 62];
  return id;
}

/** Without a SUMMARY.md the folders are the tree: README.md of a folder is its page, other .md files its children. */
function folderTree(files: Map<string, RepoFile>, readme: string): SummaryEntry[] {
  const markdown = [...files.keys()].filter((p) => /\.md$/i.test(p) && !p.startsWith('.gitbook/')).sort();
  const byDir = new Map<string, SummaryEntry>();
  const root: SummaryEntry[] = [];
  const dirEntry = (dir: string): SummaryEntry[] => {
    if (dir === '.' || dir === '') return root;
    const existing = byDir.get(dir);
    if (existing) return existing.children;
    const readmePath = posix.join(dir, 'README.md');
    const entry: SummaryEntry = {
      kind: 'page',
      title: titleCase(posix.basename(dir)),
      ...(files.has(readmePath) ? { href: readmePath } : {}),
      children: [],
    };
    byDir.set(dir, entry);
    dirEntry(posix.dirname(dir)).push(entry);
    return entry.children;
  };
  for (const path of markdown) {
    if (path === readme || path === 'SUMMARY.md') continue;
    if (posix.basename(path) === 'README.md') {
      dirEntry(posix.dirname(path));
      continue;
    }
    dirEntry(posix.dirname(path)).push({ kind: 'page', title: titleCase(posix.basename(path, '.md')), href: path, children: [] });
  }
  return root;
}

function titleCase(name: string): string {
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A path relative to `dir`, normalised; undefined when it leaves the root. */
export function resolvePath(dir: string, href: string): string | undefined {
  if (href.startsWith('/')) href = href.slice(1);
  const joined = posix.normalize(posix.join(dir === '.' ? '' : dir, href));
  if (joined === '..' || joined.startsWith('../') || joined === '.') return undefined;
  return joined;
}

export function slugify(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // Content's slugs are ASCII path segments: other scripts fall back to "page", "page-2", ….
    .replace(/[^a-z0-9._]+/g, '-')
    .replace(/^[-._]+|-+$/g, '')
    .slice(0, 100);
  return slug || 'page';
}

function uniqueSlug(slug: string, taken: Set<string>): string {
  let candidate = slug;
  for (let n = 2; taken.has(candidate); n++) candidate = `${slug}-${n}`;
  taken.add(candidate);
  return candidate;
}

function applyFrontmatter(page: ImportPage, frontmatter: Record<string, unknown>): void {
  if (typeof frontmatter.description === 'string') page.description = frontmatter.description.slice(0, 500);
  if (typeof frontmatter.icon === 'string') page.icon = frontmatter.icon;
  if (typeof frontmatter.emoji === 'string') page.emoji = frontmatter.emoji;
  if (frontmatter.hidden === true) page.hidden = true;
  if (typeof frontmatter.title === 'string' && frontmatter.title.trim()) page.title = frontmatter.title.trim().slice(0, 255);
  if (frontmatter.layout && typeof frontmatter.layout === 'object' && !Array.isArray(frontmatter.layout))
    page.layout = frontmatter.layout as Record<string, unknown>;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;
/** External SUMMARY entries content accepts as link pages. */
const SAFE_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

/**
 * Relative URLs of links and images become references: to a page (with its anchor), or to a file
 * (by the id `fileIdOf` gives its path). Unresolved ones stay URLs and are reported.
 */
function resolveLinks(
  document: JsonDocument,
  pagePath: string,
  files: Map<string, RepoFile>,
  byPath: Map<string, string>,
  usedFiles: Set<string>,
  fileIdOf: (path: string) => string,
  report: string[],
): JsonDocument {
  const dir = posix.dirname(pagePath);
  /** The page, anchor or file a repository-relative URL reference points to; undefined to keep it. */
  const resolve = (ref: unknown): Record<string, string> | undefined => {
    const url = (ref as { kind?: unknown; url?: unknown } | undefined)?.kind === 'url' ? (ref as { url: unknown }).url : undefined;
    if (typeof url !== 'string' || !url || SCHEME.test(url) || url.startsWith('#')) return undefined;
    const [rawPath, anchor] = splitAnchor(url);
    let decoded = rawPath;
    try {
      decoded = decodeURIComponent(rawPath);
    } catch {
      // keep as written
    }
    let target = resolvePath(dir, decoded);
    if (target && !files.has(target) && files.has(posix.join(target, 'README.md'))) target = posix.join(target, 'README.md');
    if (target && byPath.has(target))
      return anchor ? { kind: 'anchor', anchor, page: byPath.get(target)! } : { kind: 'page', page: byPath.get(target)! };
    if (target && files.has(target) && !/\.md$/i.test(target)) {
      usedFiles.add(target);
      return { kind: 'file', file: fileIdOf(target) };
    }
    report.push(`${pagePath}: unresolved link ${url}`);
    return undefined;
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    const data = record.data as { ref?: unknown; records?: unknown } | undefined;
    const resolved = resolve(data?.ref);
    if (resolved) data!.ref = resolved;
    // A cards table's target and cover: references (or `{ref}` image records) as record values.
    if (record.type === 'table' && data?.records && typeof data.records === 'object')
      for (const row of Object.values(data.records as Record<string, { values?: Record<string, unknown> }>)) {
        for (const [column, value] of Object.entries(row?.values ?? {})) {
          if (!value || typeof value !== 'object') continue;
          const holder = value as { ref?: unknown };
          const target = resolve('ref' in holder ? holder.ref : value);
          if (target) row.values![column] = 'ref' in holder ? { ...holder, ref: target } : target;
        }
      }
    for (const value of Object.values(record)) if (value && typeof value === 'object') visit(value);
  };
  visit(document.nodes);
  return document;
}

function splitAnchor(url: string): [string, string | undefined] {
  const at = url.indexOf('#');
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1) || undefined];
}
