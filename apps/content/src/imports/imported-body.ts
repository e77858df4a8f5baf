import type { JsonDocument } from '@bindery/contracts';
import { MAX_DOCUMENT_DEPTH } from '@bindery/document';
import { badRequest } from '@bindery/platform';
import { stableStringify } from '../model/content-hash';
import { checkedDocument } from './import-tree';

/** A page body an importer sent, with its canonical text (`stableStringify`): what is stored and hashed. */
export interface ImportedBody {
  document: JsonDocument;
  text: string;
}

/**
 * A body sent as its canonical JSON text (`documentTexts`), parsed once and taken as sent: refused
 * (400) when it is not JSON, not a valid document, or not canonical, so the hash of the text is
 * the hash of the body (the same as `contentHash` of the document, as bodies were always stored).
 *
 * Serialising every body again with sorted keys was the largest part of an import's cost in
 * content (more than parsing it). Instead, a walk checks the keys are in order and the nesting
 * within bounds, and the native `JSON.stringify` of the parsed body must give the text back: the
 * two together mean `stableStringify` would give it too. Anything else takes the slow, exact path.
 */
export function canonicalBody(text: unknown, field: string): ImportedBody {
  if (typeof text !== 'string') throw badRequest(`${field}: must be a document's JSON text`);
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch {
    throw badRequest(`${field}: must be a document's JSON text`);
  }
  const body = { document: shaped(document, field), text };
  if (quicklyCanonical(document, text)) return body;
  // Integer-like keys (JavaScript lists them first, whatever the text says), bodies to refuse.
  checkedDocument(body.document, field);
  if (stableStringify(document) !== text)
    throw badRequest(`${field}: must be the document's canonical JSON text (object keys sorted, no whitespace)`);
  return body;
}

/** A body sent as a value (`documents`): checked, then serialised canonically here. */
export function serialisedBody(document: unknown, field: string): ImportedBody {
  const checked = checkedDocument(shaped(document, field), field);
  return { document: checked, text: stableStringify(checked) };
}

function shaped(document: unknown, field: string): JsonDocument {
  if (document === null || typeof document !== 'object' || Array.isArray(document)) throw badRequest(`${field}: must be a document`);
  if (!Array.isArray((document as { nodes?: unknown }).nodes)) throw badRequest(`${field}.nodes: must be a list`);
  return document as JsonDocument;
}

/**
 * `JSON.stringify` escapes a lone surrogate (which Postgres refuses) as `\udXXX` and writes a pair
 * as it is: a text without such an escape holds none. (An escaped backslash before `ud…` matches
 * too; that only sends the body down the exact path.)
 */
const SURROGATE_ESCAPE = /\\ud[89a-f]/i;

/**
 * Whether the text is, for certain, the canonical text of this parsed value and the value a
 * valid document (`checkedDocument`'s rules): false means "check the slow way", not "refuse".
 */
function quicklyCanonical(document: unknown, text: string): boolean {
  return sortedWithin(document, 1) && !SURROGATE_ESCAPE.test(text) && JSON.stringify(document) === text;
}

/** Every object's keys (in the order JSON.stringify writes them) sorted, nothing nested deeper than allowed. */
function sortedWithin(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (depth > MAX_DOCUMENT_DEPTH) return false;
  if (Array.isArray(value)) {
    for (const item of value) if (!sortedWithin(item, depth + 1)) return false;
    return true;
  }
  const record = value as Record<string, unknown>;
  let previous: string | undefined;
  for (const key in record) {
    if (previous !== undefined && previous > key) return false;
    previous = key;
    if (!sortedWithin(record[key], depth + 1)) return false;
  }
  return true;
}
