import { posix } from 'node:path';
import type { JsonDocument } from '@bindery/contracts';

/** A reference a relative URL resolves to (official `ContentRef`). */
export type ResolvedRef =
  | { kind: 'page'; page: string }
  | { kind: 'anchor'; anchor: string; page: string }
  | { kind: 'file'; file: string };

/** What relative URLs of one page body can name. */
export interface LinkTargets {
  /** Slash-separated slugs of the directory the page is written in ('' at the root): relative paths start there. */
  dir: string;
  /** Batch-local page refs to the ids the pages received. */
  pageRefs: ReadonlyMap<string, string>;
  /** Pages of the space by their path (slugs from the root). */
  pagesByPath: ReadonlyMap<string, string>;
  /** Every page id the body may name as `/pages/<id>` (the form Markdown exports write). */
  pageIds: ReadonlySet<string>;
  /** Batch-local file refs to file ids. */
  fileRefs: ReadonlyMap<string, string>;
  /** Files of the batch and of the space by their name. */
  filesByName: ReadonlyMap<string, string>;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:|^\/\//i;
const EXPORTED = /^\/(pages|files)\/([^/?#]+)$/;
/** Where GitBook repositories keep uploaded files. */
const ASSETS_DIR = '.gitbook/assets';

/**
 * The page, anchor or file a relative URL names, or undefined to keep the URL: absolute URLs,
 * bare anchors and paths naming nothing known stay as written. A batch ref (`ref`, `./ref.md`)
 * wins over a page of the space with the same path.
 */
export function resolveRelativeUrl(url: string, targets: LinkTargets): ResolvedRef | undefined {
  if (!url || SCHEME.test(url) || url.startsWith('#')) return undefined;
  const hash = url.indexOf('#');
  const rawPath = hash < 0 ? url : url.slice(0, hash);
  const anchor = hash < 0 ? undefined : url.slice(hash + 1) || undefined;
  const toPage = (page: string): ResolvedRef => (anchor ? { kind: 'anchor', anchor, page } : { kind: 'page', page });
  let path = rawPath;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    // A malformed escape: the path as written.
  }
  const exported = EXPORTED.exec(path);
  if (exported) {
    const [, kind, id] = exported;
    if (kind === 'pages' && targets.pageIds.has(id)) return toPage(id);
    if (kind === 'files' && [...targets.filesByName.values()].includes(id)) return { kind: 'file', file: id };
    return undefined;
  }
  if (path.startsWith('/')) return undefined;

  // `ref`, `./ref` or `./ref.md`: a page or file of the batch.
  const local = path.startsWith('./') ? path.slice(2) : path;
  if (!local.includes('/')) {
    const name = withoutMarkdown(local);
    const page = targets.pageRefs.get(name);
    if (page) return toPage(page);
    // Files have no folders: a bare name is one, wherever the page is.
    const file = targets.fileRefs.get(local) ?? targets.fileRefs.get(name) ?? targets.filesByName.get(local);
    if (file) return { kind: 'file', file };
  }

  const target = posix.normalize(posix.join(targets.dir || '.', path)).replace(/\/+$/, '');
  if (target === '..' || target.startsWith('../')) return undefined;
  const pagePath = withoutMarkdown(target).replace(/(^|\/)README$/i, '');
  const page = targets.pagesByPath.get(pagePath);
  if (page && pagePath !== '') return toPage(page);
  if (/\.md$/i.test(target)) return undefined;
  const fileName = target.startsWith(`${ASSETS_DIR}/`) ? target.slice(ASSETS_DIR.length + 1) : target;
  const file = targets.filesByName.get(fileName) ?? targets.fileRefs.get(fileName);
  return file ? { kind: 'file', file } : undefined;
}

/** The body with every URL reference (`data.ref`, `data.refDark`) that names a page or file replaced; the input is not changed. */
export function resolveRelativeLinks(document: JsonDocument, targets: LinkTargets): JsonDocument {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value === null || typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) out[key] = visit(v);
    if (out.kind === 'url' && typeof out.url === 'string') return resolveRelativeUrl(out.url, targets) ?? out;
    return out;
  };
  return visit(document) as JsonDocument;
}

/** Whether a body has URL references worth resolving (saves building the space's path index). */
export function hasUrlRefs(document: JsonDocument): boolean {
  return JSON.stringify(document).includes('"kind":"url"');
}

function withoutMarkdown(path: string): string {
  return path.replace(/\.md$/i, '');
}
