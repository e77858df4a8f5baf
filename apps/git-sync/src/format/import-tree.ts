import { posix } from 'node:path';
import type { ImportPage, ImportReusableContent, JsonDocument } from '@bindery/contracts';
import { codeBlockDocument } from '@bindery/document';
import { canonicalJson } from './canonical-json';
import type { GitbookConfig } from './gitbook-config';
import { isIncludePath, readInclude, resolveIncludes } from './includes';
import { type PageSource, pageSourceHash } from './page-source';
import { inProcessConverter, mapConcurrently, type PageConverter } from './page-parser';
import { resolvePath, stableId } from './paths';
import { hiddenByFrontMatter, type PageRead } from './read-page';
import { parseSummary, type SummaryEntry } from './summary';

export { resolvePath, stableId } from './paths';

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
   * parsing fills in later (copy what must stay as it is now). `hidden`: the ids of the pages
   * whose front matter hides them (`hiddenByFrontMatter`), which the pages say only once parsed.
   */
  onTree?: (pages: ImportPage[], hidden: ReadonlySet<string>) => void;
  /**
   * Each parsed page as soon as its body is final (links, includes and file ids resolved), in
   * the summary's order, while later pages still parse: the body as JSON text (undefined for a
   * body without nodes, nothing to store), with the bytes of its Markdown file. The page itself
   * gets no `document` then: the body is only ever handled as text on the worker's event loop.
   */
  onBody?: (page: ImportPage, body: string | undefined, markdownBytes: number) => void;
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
  const started = performance.now();
  // Checked here, in order (the cheap, byte-level checks); read whole on the converter's threads.
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
    const remembered = !text.includes('\0') && Buffer.from(text, 'utf8').equals(bytes);
    // Too large: the page's source is kept whole, unparsed (see MAX_PAGE_BYTES).
    const tooLarge =
      bytes.length > MAX_PAGE_BYTES
        ? `${Math.ceil(bytes.length / 1024)} KiB is over the ${MAX_PAGE_BYTES / 1024} KiB a page may have`
        : undefined;
    return { item, text, remembered, tooLarge, bytes: bytes.length };
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
  if (hooks.onTree) {
    const hidden = new Set(checked.filter((page) => page && hiddenByFrontMatter(page.text)).map((page) => page!.item.page.id));
    hooks.onTree(pages, hidden);
  }
  // File ids are known before any page is read (kept per path, else derived from it): a page is
  // final as soon as it is read, and goes to `onBody` while later pages still parse.
  const fileIds = Object.fromEntries(Object.entries(previous.files).map(([path, file]) => [path, file.id]));
  const reader = converter.pages({
    salt,
    files: [...files.keys()],
    pages: Object.fromEntries(byPath),
    includes: Object.fromEntries(includeIds),
    fileIds,
  });
  const pathOfPage = new Map([...byPath].map(([path, id]) => [id, path]));
  const sources = new Map<string, PageSource>();
  const finishPage = (at: number, read: PageRead | undefined): void => {
    const page = checked[at];
    if (!page) return;
    const { item, text } = page;
    let body: string | undefined;
    let hash = '';
    if (read?.kind === 'page') {
      Object.assign(item.page, read.fields);
      report.push(...read.notes);
      ids.pages[item.key].files = read.files;
      for (const path of read.files) usedFiles.add(path);
      body = read.empty ? undefined : read.body;
      hash = read.hash;
      if (!hooks.onBody) item.page.document = JSON.parse(read.body) as JsonDocument;
    } else {
      if (read?.kind === 'unparsable') report.push(...read.notes);
      const why =
        page.tooLarge ??
        (read?.kind === 'unparsable' ? read.reason : `still parsing after ${converter.deadlineMs} ms, the time a page may take`);
      report.push(`${item.path}: ${why}; imported unparsed, as a code block of its Markdown`);
      const document = codeBlockDocument(text, 'markdown') as unknown as JsonDocument;
      ids.pages[item.key].files = [];
      body = canonicalJson(document);
      if (page.remembered)
        hash = pageSourceHash({ ...item.page, document }, item.path!, { page: (id) => pathOfPage.get(id), file: () => undefined });
      if (!hooks.onBody) item.page.document = document;
    }
    if (page.remembered) sources.set(item.path!, { oid: files.get(item.path!)!.oid, hash, source: text });
    hooks.onBody?.(item.page, body, page.bytes);
  };
  // Pages are finished in order (notes keep the summary's order), each once it and those before it are read.
  const results = new Array<PageRead | undefined>(checked.length);
  const readYet = new Array<boolean>(checked.length).fill(false);
  let finished = 0;
  await mapConcurrently(
    checked.map((_, at) => at),
    converter.concurrency,
    async (at) => {
      const page = checked[at];
      results[at] =
        page && !page.tooLarge
          ? await reader.read({ path: page.item.path!, title: page.item.page.title, markdown: page.text, hash: page.remembered })
          : undefined;
      readYet[at] = true;
      for (; finished < checked.length && readYet[finished]; finished++) {
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

/** External SUMMARY entries content accepts as link pages. */
const SAFE_LINK = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
