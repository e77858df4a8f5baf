// One page file read whole: parsed, its front matter applied, its includes and relative links
// resolved, its source hash taken and its body serialised (canonically, as content stores it).
// This runs on the page threads (see `page.worker.ts`): done on the worker's event loop,
// resolving, hashing and handing object graphs between threads kept that loop 85–95 % busy while
// the threads waited on it. A thread gets the import's context once (`PageContext`) and sends
// back a compact result with the body as JSON text.
import { posix } from 'node:path';
import type { ImportPage, JsonDocument } from '@bindery/contracts';
import { FrontmatterError, markdownInputError, readPageMarkdown } from '@bindery/document';
import { parse as parseYaml } from 'yaml';
import { canonicalJson } from './canonical-json';
import { resolveInclude } from './includes';
import { bodyAndSourceHash } from './page-source';
import { resolvePath, stableId } from './paths';

/** What every page of one import resolves against: built once per import, sent once per thread. */
export interface PageContext {
  /** Salt of the ids of new paths (the space id). */
  salt: string;
  /** Every file under the content root (root-relative paths). */
  files: string[];
  /** Page files by path: the id of the page each one is. */
  pages: Record<string, string>;
  /** `.gitbook/includes/*.md` by path: the id of its reusable content. */
  includes: Record<string, string>;
  /** Ids the last import gave file paths (kept per path). */
  fileIds: Record<string, string>;
}

/** A page file to read. */
export interface PageTask {
  path: string;
  /** The page's title before its front matter (the summary's): part of its source hash. */
  title: string;
  markdown: string;
  /** Whether to take the source hash (only for a text the import remembers). */
  hash: boolean;
}

/** The fields of a page its front matter sets. */
export type PageFields = Pick<ImportPage, 'title' | 'description' | 'icon' | 'emoji' | 'hidden' | 'layout'>;

/** What reading one page gave. */
export type PageRead =
  | {
      kind: 'page';
      /** The final Document as its canonical JSON text (what content stores and hashes as sent). */
      body: string;
      /** No nodes: nothing to store. */
      empty: boolean;
      fields: PageFields;
      /** Root-relative paths of the files the page links to or shows. */
      files: string[];
      /** Notes for the import's report, in order. */
      notes: string[];
      /** `pageSourceHash` of the page as read ('' unless asked for). */
      hash: string;
    }
  /** Input the reader cannot take (limits, nesting, front matter): imported unparsed, for this reason. */
  | { kind: 'unparsable'; reason: string; notes: string[] }
  /** Still reading when its deadline passed: imported unparsed. */
  | { kind: 'timeout' };

/** A context with its lookups built (once per import and thread). */
export class PreparedContext {
  readonly files: Set<string>;
  readonly pageIds: Map<string, string>;
  readonly pagePaths: Map<string, string>;
  readonly includes: Map<string, string>;

  constructor(readonly context: PageContext) {
    this.files = new Set(context.files);
    this.pageIds = new Map(Object.entries(context.pages));
    this.pagePaths = new Map([...this.pageIds].map(([path, id]) => [id, path]));
    this.includes = new Map(Object.entries(context.includes));
  }

  fileId(path: string): string {
    return this.context.fileIds[path] ?? stableId(this.context.salt, `file:${path}`);
  }
}

/** Parses a page file (front matter, a leading `# title` as the title); front matter the reader refuses throws FrontmatterError. */
export function parsePage(markdown: string): { document: JsonDocument; frontmatter: Record<string, unknown> } {
  const { document, frontmatter } = readPageMarkdown(markdown, { titleFromHeading: true });
  return { document: document as unknown as JsonDocument, frontmatter };
}

/** Reads one page file against its import's context (see the module's comment). */
export function readPage(task: PageTask, prepared: PreparedContext): PageRead {
  const { path } = task;
  const notes: string[] = [];
  // Nested past the input limit (the parser drops what is nested deeper than it keeps): the
  // page's source is kept whole, unparsed, rather than parsed with losses.
  const refused = markdownInputError(task.markdown);
  if (refused) return { kind: 'unparsable', reason: refused, notes };
  let parsed: ReturnType<typeof parsePage>;
  try {
    try {
      parsed = parsePage(task.markdown);
    } catch (error) {
      if (!(error instanceof FrontmatterError)) throw error;
      notes.push(`${path}: ${error.message}; imported without front matter`);
      parsed = parsePage(task.markdown.replace(/^---\n[\s\S]*?\n---\n/, ''));
    }
  } catch (error) {
    if (error instanceof FrontmatterError) return { kind: 'unparsable', reason: error.message, notes };
    // A stack overflow in a recursive walk: nesting the input limits did not foresee.
    if (error instanceof RangeError) return { kind: 'unparsable', reason: 'nests too deeply to convert', notes };
    throw error;
  }
  const fields: PageFields = { title: task.title };
  applyFrontmatter(fields, parsed.frontmatter);
  const linked = new Map<string, string>();
  const document = resolveRefs(parsed.document, path, prepared, linked, notes);
  const pathOfFile = new Map([...linked].map(([file, id]) => [id, file]));
  const { body, hash } = task.hash
    ? bodyAndSourceHash({ ...fields, document }, path, { page: (id) => prepared.pagePaths.get(id), file: (id) => pathOfFile.get(id) })
    : { body: canonicalJson(document), hash: '' };
  return {
    kind: 'page',
    body,
    empty: !Array.isArray(document.nodes) || document.nodes.length === 0,
    fields,
    files: [...linked.keys()],
    notes,
    hash,
  };
}

function applyFrontmatter(page: PageFields, frontmatter: Record<string, unknown>): void {
  if (typeof frontmatter.description === 'string') page.description = frontmatter.description.slice(0, 500);
  if (typeof frontmatter.icon === 'string') page.icon = frontmatter.icon;
  if (typeof frontmatter.emoji === 'string') page.emoji = frontmatter.emoji;
  if (frontmatter.hidden === true) page.hidden = true;
  if (typeof frontmatter.title === 'string' && frontmatter.title.trim()) page.title = frontmatter.title.trim().slice(0, 255);
  if (frontmatter.layout && typeof frontmatter.layout === 'object' && !Array.isArray(frontmatter.layout))
    page.layout = frontmatter.layout as Record<string, unknown>;
}

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;
/** Front matter longer than this is not looked into before parsing (real front matter is a few lines). */
const FRONT_MATTER_LOOK = 64 * 1024;

/**
 * Whether a page file's front matter hides it (`hidden: true`), read before the page is parsed:
 * for the outline a first import shows at once. Only front matter naming `hidden` is read as
 * YAML (as the parser reads it: YAML 1.2, so only `true` hides); anything unreadable hides nothing.
 */
export function hiddenByFrontMatter(markdown: string): boolean {
  if (!markdown.startsWith('---')) return false;
  const block = FRONT_MATTER.exec(markdown.slice(0, FRONT_MATTER_LOOK))?.[1];
  if (!block || !/^hidden[ \t]*:/m.test(block)) return false;
  try {
    const fields = parseYaml(block, { schema: 'core', maxAliasCount: 20 }) as { hidden?: unknown } | null;
    return fields?.hidden === true;
  } catch {
    return false;
  }
}

const SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;

/**
 * Relative URLs of links and images become references: to a page (with its anchor), or to a file
 * (by its id, kept per path). Unresolved ones stay URLs and are reported. `linked` gets each
 * file referenced, by path, with its id. Includes become reusable content ids (`resolveInclude`)
 * in the same walk.
 */
function resolveRefs(
  document: JsonDocument,
  pagePath: string,
  prepared: PreparedContext,
  linked: Map<string, string>,
  report: string[],
): JsonDocument {
  const { files, pageIds } = prepared;
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
    const page = target === undefined ? undefined : pageIds.get(target);
    if (page) return anchor ? { kind: 'anchor', anchor, page } : { kind: 'page', page };
    if (target && files.has(target) && !/\.md$/i.test(target)) {
      const file = linked.get(target) ?? prepared.fileId(target);
      linked.set(target, file);
      return { kind: 'file', file };
    }
    report.push(`${pagePath}: unresolved link ${url}`);
    return undefined;
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    if (resolveInclude(node, pagePath, prepared.includes, resolvePath, report)) return;
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
