import type { MemberListInput, MemberSort } from '@bindery/contracts';
import { badRequest, type CursorKey } from '@bindery/platform';

/** SQL pieces of one members list request: filters, order and keyset condition. */
export interface MemberListSql {
  where: string;
  orderBy: string;
  after: string;
  /** Parameters of `where` alone (for the count), then those of `after` too. */
  filterParams: unknown[];
  params: unknown[];
}

type SortableRow = { joined_at: Date; last_seen_at: Date | null; display_name: string; user_id: string };

/** The keyset position of a row in a members list: (sort value, user id). */
export function memberSortKey(input: Pick<MemberListInput, 'sort'>): (row: SortableRow) => CursorKey {
  const sort = input.sort ?? 'joinedAt';
  return (row) => [
    sort === 'name' ? row.display_name.toLowerCase() : (sort === 'lastSeenAt' ? row.last_seen_at! : row.joined_at).toISOString(),
    row.user_id,
  ];
}

const SORT_COLUMNS = new Map<MemberSort, string>([
  ['joinedAt', 'm.joined_at'],
  ['lastSeenAt', 'm.last_seen_at'],
  ['name', 'lower(u.display_name)'],
]);

/** Escapes LIKE wildcards so a search for "50%" matches the text "50%". */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Builds the filters and keyset order of a members list. `$1` is the organization; the cursor is
 * (sort value, user id), compared in the list's direction.
 */
export function memberListSql(input: MemberListInput, cursor: CursorKey | undefined): MemberListSql {
  const params: unknown[] = [input.organizationId];
  const conditions = ['m.organization_id = $1'];
  const sort = input.sort ?? 'joinedAt';
  // A Map, not an object: a sort named "constructor" must not find Object.prototype's.
  const column = SORT_COLUMNS.get(sort);
  if (!column) throw badRequest('sort must be one of joinedAt, lastSeenAt, name');
  const direction = input.order === 'asc' ? 'ASC' : 'DESC';
  if (input.role === 'guest') conditions.push('m.role IS NULL');
  else if (input.role) conditions.push(`m.role = $${params.push(input.role)}`);
  if (input.search) {
    const p = params.push(likePattern(input.search));
    conditions.push(`(u.display_name ILIKE $${p} OR u.email ILIKE $${p})`);
  }
  // Sorting by last activity lists only members seen at least once.
  if (sort === 'lastSeenAt') conditions.push('m.last_seen_at IS NOT NULL');
  const filterParams = [...params];
  let after = '';
  if (cursor) {
    const castValue = sort === 'name' ? `$${params.push(cursor[0])}::text` : `$${params.push(cursor[0])}::timestamptz`;
    after = `AND (${column}, m.user_id) ${direction === 'ASC' ? '>' : '<'} (${castValue}, $${params.push(cursor[1])})`;
  }
  return {
    where: conditions.join(' AND '),
    orderBy: `${column} ${direction}, m.user_id ${direction}`,
    after,
    filterParams,
    params,
  };
}
