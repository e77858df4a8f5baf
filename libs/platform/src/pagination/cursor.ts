import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, type List } from '@bindery/contracts';
import { badRequest } from '../errors/app-error';

/**
 * Keyset position: the sort-key values of the last row already returned. Timestamps travel as
 * ISO strings with millisecond precision, so keyset columns are `timestamptz(3)`: a microsecond
 * column would compare greater than its own cursor and repeat a row.
 */
export type CursorKey = Array<string | number | null>;

/** Encodes a keyset position as an opaque, URL-safe page token. */
export function encodeCursor(key: CursorKey): string {
  return Buffer.from(JSON.stringify({ k: key }), 'utf8').toString('base64url');
}

/** Decodes a page token; a token that was not produced by encodeCursor is a 400. */
export function decodeCursor(page: string, arity: number): CursorKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(page, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('page: invalid page cursor');
  }
  const key = (parsed as { k?: unknown } | null)?.k;
  const valid =
    Array.isArray(key) && key.length === arity && key.every((v) => v === null || typeof v === 'string' || typeof v === 'number');
  if (!valid) throw badRequest('page: invalid page cursor');
  return key as CursorKey;
}

/** The page size to use: the caller's limit or the default, always within 1..1000. */
export function pageLimit(limit: number | undefined): number {
  if (limit === undefined) return DEFAULT_PAGE_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_LIMIT) {
    throw badRequest(`limit: must be an integer between 1 and ${MAX_PAGE_LIMIT}`);
  }
  return limit;
}

/**
 * Builds a list response from rows fetched with `limit + 1`: the extra row only tells whether a
 * next page exists, and the cursor points at the last row returned.
 */
export function toList<Row, Item>(
  rows: Row[],
  limit: number,
  count: number,
  keyOf: (row: Row) => CursorKey,
  toItem: (row: Row) => Item,
): List<Item> {
  const pageRows = rows.slice(0, limit);
  const list: List<Item> = { count, items: pageRows.map(toItem) };
  if (rows.length > limit && pageRows.length > 0) {
    list.next = { page: encodeCursor(keyOf(pageRows[pageRows.length - 1])) };
  }
  return list;
}
