import type { EntityManager } from 'typeorm';
import type { Positioned } from '../model/position';

/** The tables whose rows are ordered among siblings (same organization and parent collection). */
export type PositionedTable = 'spaces' | 'collections';

/**
 * The filter for one group of siblings. `=` / `IS NULL` rather than `IS NOT DISTINCT FROM`, which
 * no index serves; live spaces only (a restored space keeps its key and slots back in).
 */
function siblingsOf(table: PositionedTable, organizationId: string, parentId: string | null): { where: string; params: string[] } {
  const live = table === 'spaces' ? ' AND deleted_at IS NULL' : '';
  return parentId === null
    ? { where: `organization_id = $1 AND parent_id IS NULL${live}`, params: [organizationId] }
    : { where: `organization_id = $1 AND parent_id = $2${live}`, params: [organizationId, parentId] };
}

/** The siblings' keys in display order (the column is `COLLATE "C"`: bytewise). */
export function siblingPositions(
  manager: EntityManager,
  table: PositionedTable,
  organizationId: string,
  parentId: string | null,
): Promise<Positioned[]> {
  const { where, params } = siblingsOf(table, organizationId, parentId);
  return manager.query(`SELECT id, position FROM ${table} WHERE ${where} ORDER BY position, id`, params);
}

/** The greatest key among the siblings, or null when there are none. */
export async function lastPosition(
  manager: EntityManager,
  table: PositionedTable,
  organizationId: string,
  parentId: string | null,
): Promise<string | null> {
  const { where, params } = siblingsOf(table, organizationId, parentId);
  const rows: Array<{ position: string }> = await manager.query(
    `SELECT position FROM ${table} WHERE ${where} ORDER BY position DESC, id DESC LIMIT 1`,
    params,
  );
  return rows[0]?.position ?? null;
}

/** Writes new keys (one row for a move, the whole group when it is renumbered). */
export async function writePositions(manager: EntityManager, table: PositionedTable, rows: Positioned[]): Promise<void> {
  await manager.query(
    `UPDATE ${table} t SET position = u.position FROM unnest($1::text[], $2::text[]) AS u(id, position) WHERE t.id = u.id`,
    [rows.map((r) => r.id), rows.map((r) => r.position)],
  );
}
