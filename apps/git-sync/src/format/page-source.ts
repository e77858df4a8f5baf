import { createHash } from 'node:crypto';
import type { ImportPage, JsonDocument } from '@bindery/contracts';
import { canonicalJson, isIntegerLike, sortedKeys } from './canonical-json';

/**
 * A page file as it was imported: its blob, its text and the hash of the page that text produced.
 * An export writes this text back, byte for byte, while the page still hashes the same: the
 * Markdown writer cannot reproduce every author's formatting, and an untouched file must not change.
 */
export interface PageSource {
  oid: string;
  hash: string;
  source: string;
}

/** Where pages and files live (root-relative git paths), by id. */
export interface RefPaths {
  page: (id: string) => string | undefined;
  file: (id: string) => string | undefined;
}

type HashedPage = Pick<ImportPage, 'title' | 'description' | 'emoji' | 'icon' | 'hidden' | 'layout'> & {
  document?: JsonDocument | null;
};

/**
 * What a page file's text depends on: the page's fields, its document (node keys aside) and the
 * paths of the page itself and of every page and file it references (a relative link in the text
 * is only right while they stay where they are). Keys are sorted, so a store that reorders object
 * keys (Postgres jsonb does) gives the same hash.
 */
export function pageSourceHash(page: HashedPage, path: string, paths: RefPaths): string {
  return sourceHash(page, path, paths, canonical(page.document ?? null, paths));
}

/**
 * A page body's canonical text (`canonicalJson`) and the page's `pageSourceHash`, from one copy:
 * an import takes both of every page it reads. The body is copied once with sorted keys and
 * serialised; the copy is then patched where the hashed form differs (node keys and empty `data`
 * set to `undefined`, which `JSON.stringify` leaves out; references to pages and files by path)
 * and serialised again. Two copies (one per text) took a third of a page thread's time beside
 * the parse; the patches are a few per node.
 */
export function bodyAndSourceHash(
  page: HashedPage & { document: JsonDocument },
  path: string,
  paths: RefPaths,
): { body: string; hash: string } {
  const patches: Patches = [];
  let copy: unknown;
  try {
    copy = copyNotingPatches(page.document, paths, patches);
  } catch (error) {
    if (error !== INTEGER_KEY) throw error;
    return { body: canonicalJson(page.document), hash: pageSourceHash(page, path, paths) };
  }
  const body = JSON.stringify(copy);
  for (let i = 0; i < patches.length; i += 3) (patches[i] as Record<string, unknown>)[patches[i + 1] as string] = patches[i + 2];
  return { body, hash: sourceHash(page, path, paths, JSON.stringify(copy)) };
}

function sourceHash(page: HashedPage, path: string, paths: RefPaths, documentText: string): string {
  const fields = {
    title: page.title,
    description: page.description || null,
    emoji: page.emoji || null,
    icon: page.icon || null,
    hidden: page.hidden === true,
    layout: page.layout ?? null,
  };
  return createHash('sha256').update(path).update('\0').update(canonical(fields, paths)).update('\0').update(documentText).digest('hex');
}

function canonical(value: unknown, paths: RefPaths): string {
  // A copy with sorted keys, serialised natively: the import hashes every page body, and building
  // the text in JavaScript took seconds of the worker's thread for a thousand pages. An object
  // with integer-like keys cannot keep them in sorted order (JavaScript lists those first), so
  // such a value is written by hand. Either way the text is the same: stored hashes stay valid.
  try {
    return JSON.stringify(canonicalCopy(value, paths)) ?? 'null';
  } catch (error) {
    if (error !== INTEGER_KEY) throw error;
    return canonicalText(value, paths);
  }
}

const INTEGER_KEY = Symbol('an integer-like key');

function canonicalCopy(value: unknown, paths: RefPaths): unknown {
  if (Array.isArray(value)) return value.map((item) => canonicalCopy(item, paths));
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const name of sortedKeys(record)) {
    const item = canonicalItem(record, name, paths);
    if (item === SKIP) continue;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a signal caught by `canonical`, not an error
    if (isIntegerLike(name)) throw INTEGER_KEY;
    copy[name] = canonicalCopy(item, paths);
  }
  return copy;
}

function canonicalText(value: unknown, paths: RefPaths): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalText(item, paths)).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const record = value as Record<string, unknown>;
  const parts: string[] = [];
  for (const name of sortedKeys(record)) {
    const item = canonicalItem(record, name, paths);
    if (item !== SKIP) parts.push(`${JSON.stringify(name)}:${canonicalText(item, paths)}`);
  }
  return `{${parts.join(',')}}`;
}

/** Flat triples (object, name, value to set) that turn a body copy into its source-hash form. */
type Patches = unknown[];

/**
 * The value copied with sorted keys and `undefined` members left out (`canonicalJson`'s copy),
 * noting in `patches` each member whose hashed form (`canonicalItem`) differs: after the patches
 * the copy is `canonicalCopy`'s, so both texts come from one walk and one allocation per value.
 */
function copyNotingPatches(value: unknown, paths: RefPaths, patches: Patches): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const copy = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) copy[i] = copyNotingPatches(value[i], paths, patches);
    return copy;
  }
  const record = value as Record<string, unknown>;
  const copy: Record<string, unknown> = {};
  for (const name of sortedKeys(record)) {
    const item = record[name];
    if (item === undefined) continue;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a signal caught by `bodyAndSourceHash`, not an error
    if (isIntegerLike(name)) throw INTEGER_KEY;
    copy[name] = copyNotingPatches(item, paths, patches);
    const hashed = canonicalItem(record, name, paths);
    if (hashed !== item) patches.push(copy, name, hashed === SKIP ? undefined : hashed);
  }
  return copy;
}

const SKIP = Symbol('not hashed');

/** A field as hashed: node keys and empty `data` left out, references to pages and files by path. */
function canonicalItem(record: Record<string, unknown>, name: string, paths: RefPaths): unknown {
  const item = record[name];
  // Keys identify nodes for editors; they say nothing about the text. An empty `data` is no data.
  if (name === 'key' || item === undefined) return SKIP;
  if (name === 'data' && item && typeof item === 'object' && !Array.isArray(item) && isEmpty(item)) return SKIP;
  if (typeof item === 'string' && (record.kind === 'page' || record.kind === 'anchor') && name === 'page')
    return `path:${paths.page(item) ?? item}`;
  if (typeof item === 'string' && record.kind === 'file' && name === 'file') return `path:${paths.file(item) ?? item}`;
  return item;
}

function isEmpty(record: object): boolean {
  for (const _ in record) return false;
  return true;
}

/** Ids of the files a document references (its images, file blocks, cards covers). */
export function referencedFiles(document: JsonDocument | null | undefined): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (record.kind === 'file' && typeof record.file === 'string' && !record.space) found.add(record.file);
    for (const value of Object.values(record)) if (value && typeof value === 'object') visit(value);
  };
  visit(document?.nodes);
  return [...found];
}

/** Ids of the pages a document links to (page and anchor references of this space). */
export function referencedPages(document: JsonDocument | null | undefined): string[] {
  const found = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if ((record.kind === 'page' || record.kind === 'anchor') && typeof record.page === 'string' && !record.space) found.add(record.page);
    for (const value of Object.values(record)) if (value && typeof value === 'object') visit(value);
  };
  visit(document?.nodes);
  return [...found];
}
