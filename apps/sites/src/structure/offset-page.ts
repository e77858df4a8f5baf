import type { List, PageQuery } from '@bindery/contracts';
import { keysetPage, toList } from '@bindery/platform';

/**
 * One page of a list held in memory in its reading order (a site's structure is loaded whole):
 * the cursor is the offset of the next item.
 */
export function offsetPage<Row, Item>(query: PageQuery, rows: Row[], toItem: (row: Row) => Item): List<Item> {
  const page = keysetPage(query, 1);
  const start = page.after ? Number(page.after[0]) || 0 : 0;
  const slice = rows.slice(start, start + page.take).map((row, i) => ({ row, index: start + i }));
  return toList(
    slice,
    page.limit,
    rows.length,
    (entry) => [entry.index + 1],
    (entry) => toItem(entry.row),
  );
}
