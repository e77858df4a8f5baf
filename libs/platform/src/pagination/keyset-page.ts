import type { List, PageQuery } from '@bindery/contracts';
import { type CursorKey, decodeCursor, pageLimit, toList } from './cursor';

/** Where one page of a keyset list starts and how many rows to fetch for it. */
export interface KeysetPage {
  /** Rows the caller asked for (validated, 1..1000). */
  limit: number;
  /** Rows to fetch: one more than `limit`, which only tells whether a next page exists. */
  take: number;
  /** The sort key of the last row of the previous page; none on the first page. */
  after?: CursorKey;
}

/** Validates a list query's `limit` and `page` (a cursor of `arity` sort-key values); bad ones are 400s. */
export function keysetPage(query: PageQuery, arity = 2): KeysetPage {
  const limit = pageLimit(query.limit);
  return { limit, take: limit + 1, after: query.page ? decodeCursor(query.page, arity) : undefined };
}

/**
 * One page of a keyset list when nothing happens between fetching the rows and mapping them:
 * validates the query, fetches `limit + 1` rows after the cursor and builds the list.
 */
export async function pagedList<Row, Item>(
  query: PageQuery,
  fetch: (take: number, after?: CursorKey) => Promise<{ rows: Row[]; count: number }>,
  keyOf: (row: Row) => CursorKey,
  toItem: (row: Row) => Item,
): Promise<List<Item>> {
  const page = keysetPage(query);
  const { rows, count } = await fetch(page.take, page.after);
  return toList(rows, page.limit, count, keyOf, toItem);
}
