import type { JsonDocument } from '@bindery/contracts';
import { type Document, documentSections, walkDocument } from '@bindery/document';
import { slugify } from '../model/slugs';
import { jsonRowsParam } from './json-rows';

/** A reference a page body makes (official `ContentRef`, the kinds links report). */
export type StoredRef =
  | { kind: 'page'; page: string; space?: string }
  | { kind: 'anchor'; anchor: string; page?: string; space?: string }
  | { kind: 'file'; file: string; space?: string }
  | { kind: 'url'; url: string }
  | { kind: 'space'; space: string };

/** What links need of one page body: the references it makes and the anchors it offers. */
export interface DocumentRefs {
  refs: StoredRef[];
  anchors: string[];
}

/**
 * Every reference of a body, once each, in document order: any node whose `data.ref` is a content
 * reference (inline links and images, image and file blocks, content-ref cards, blocks the model
 * does not describe), and its anchors: each heading's `data.id`, or the slug of its text.
 */
export function extractRefs(document: JsonDocument): DocumentRefs {
  const refs = new Map<string, StoredRef>();
  walkDocument(document as unknown as Document, (node) => {
    const data = (node as { data?: { ref?: unknown } }).data;
    const ref = data && typeof data === 'object' ? toStoredRef(data.ref) : undefined;
    if (ref) refs.set(JSON.stringify(ref), ref);
  });
  const anchors = new Set<string>();
  for (const section of documentSections(document as unknown as Document)) {
    if (section.level === 0) continue;
    anchors.add(section.anchor ?? slugify(section.heading));
  }
  return { refs: [...refs.values()], anchors: [...anchors] };
}

const str = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The reference with only the fields links read; anything else (users, tags, OpenAPI specs) is not a link. */
export function toStoredRef(value: unknown): StoredRef | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const ref = value as Record<string, unknown>;
  const space = str(ref.space) ? { space: ref.space } : {};
  switch (ref.kind) {
    case 'page':
      return str(ref.page) ? { kind: 'page', page: ref.page, ...space } : undefined;
    case 'anchor':
      return str(ref.anchor) ? { kind: 'anchor', anchor: ref.anchor, ...(str(ref.page) ? { page: ref.page } : {}), ...space } : undefined;
    case 'file':
      return str(ref.file) ? { kind: 'file', file: ref.file, ...space } : undefined;
    case 'url':
      return str(ref.url) ? { kind: 'url', url: ref.url } : undefined;
    case 'space':
      return str(ref.space) ? { kind: 'space', space: ref.space } : undefined;
    default:
      return undefined;
  }
}

/** The rows of `documentRefsParam` as a `SELECT` of (hash, refs, anchors), for a multi-row insert. */
export const DOCUMENT_REFS_ROWS = 'SELECT r->>0, r->1, r->2 FROM jsonb_array_elements($1::jsonb) AS r';

/** The one parameter of a multi-row `document_refs` insert (`jsonRowsParam`): each body's hash, refs and anchors. */
export function documentRefsParam(rows: ReadonlyArray<readonly [string, DocumentRefs]>): string {
  return jsonRowsParam(rows.map(([hash, r]) => [hash, JSON.stringify(r.refs), JSON.stringify(r.anchors)] as const));
}
