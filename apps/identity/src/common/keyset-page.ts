import type { List, PageQuery } from '@bindery/contracts';
import { type CursorKey, decodeCursor, pageLimit, toList } from '@bindery/platform';

/**
 * One page of a keyset-paginated list: validates `limit` and `page`, fetches one row more than
 * asked (to know whether a next page exists) and builds the list with its cursor.
 */
export async function keysetPage<Row, Item>(
  query: PageQuery,
  fetch: (limit: number, after?: CursorKey) => Promise<{ rows: Row[]; count: number }>,
  keyOf: (row: Row) => CursorKey,
  toItem: (row: Row) => Item,
): Promise<List<Item>> {
  const limit = pageLimit(query.limit);
  const after = query.page ? decodeCursor(query.page, 2) : undefined;
  const { rows, count } = await fetch(limit + 1, after);
  return toList(rows, limit, count, keyOf, toItem);
}
