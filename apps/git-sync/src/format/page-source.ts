import { createHash } from 'node:crypto';
import type { ImportPage, JsonDocument } from '@bindery/contracts';

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
  const fields = {
    title: page.title,
    description: page.description || null,
    emoji: page.emoji || null,
    icon: page.icon || null,
    hidden: page.hidden === true,
    layout: page.layout ?? null,
  };
  const hash = createHash('sha256').update(path).update('\0').update(canonical(fields, paths));
  return hash
    .update('\0')
    .update(canonical(page.document ?? null, paths))
    .digest('hex');
}

function canonical(value: unknown, paths: RefPaths): string {
  // One string built by appending (V8 ropes): the import hashes every page body, and nested
  // map/join built a string per node (seconds for a thousand pages). Same text as before:
  // stored hashes stay valid.
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) out += (i === 0 ? '' : ',') + canonical(value[i], paths);
    return out + ']';
  }
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  const record = value as Record<string, unknown>;
  let out = '{';
  let first = true;
  for (const name of Object.keys(record).sort()) {
    let item = record[name];
    // Keys identify nodes for editors; they say nothing about the text. An empty `data` is no data.
    if (name === 'key' || item === undefined) continue;
    if (name === 'data' && item && typeof item === 'object' && !Array.isArray(item) && isEmpty(item)) continue;
    if (typeof item === 'string' && (record.kind === 'page' || record.kind === 'anchor') && name === 'page')
      item = `path:${paths.page(item) ?? item}`;
    if (typeof item === 'string' && record.kind === 'file' && name === 'file') item = `path:${paths.file(item) ?? item}`;
    out += (first ? '' : ',') + quoted(name) + ':' + canonical(item, paths);
    first = false;
  }
  return out + '}';
}

/** Keys repeat in every node (`object`, `type`, `nodes`…): each is quoted once. */
const quotedKeys = new Map<string, string>();
function quoted(key: string): string {
  let text = quotedKeys.get(key);
  if (text === undefined) {
    text = JSON.stringify(key);
    // Keys are a small vocabulary; a hostile document's random keys must not grow this for ever.
    if (quotedKeys.size < 10_000) quotedKeys.set(key, text);
  }
  return text;
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
