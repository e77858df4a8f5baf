import DataLoader from 'dataloader';
import type { SpaceCounters, SpaceEntity } from './space.entity';

/** Most spaces one batched read asks for. */
const MAX_BATCHED_READS = 256;

/** A space row as a batched statement reads it: with its counters when the statement reads them. */
export interface SpaceRow {
  space: SpaceEntity;
  counters?: SpaceCounters;
}

/**
 * `readMany`: the rows of these (distinct) ids that exist, in any order; with their counters when
 * `counted` (then every row has them).
 */
export type ReadSpaces = (ids: string[], counted: boolean) => Promise<SpaceRow[]>;

interface SpaceReadKey {
  id: string;
  counted: boolean;
}

/**
 * Reads of space rows by id, batched: every content request reads its space (the access check),
 * and the requests that arrive in one read of the NATS socket reach that check in the same turn
 * of the event loop, so their reads go in one statement (`readMany`) instead of one each. A space
 * read (`readCounted`, the answer shows the space's counters) joins the same statement: the
 * statement then reads the counters of every space of the batch.
 * Nothing is reused across turns (`cache: false`): each read is sent after its request arrived,
 * so it sees every write committed before, as a read of its own would.
 */
export class SpaceReadBatch {
  private readonly loader: DataLoader<SpaceReadKey, SpaceRow | null>;

  constructor(readMany: ReadSpaces) {
    this.loader = new DataLoader((keys) => rowsInOrder(keys, readMany), { cache: false, maxBatchSize: MAX_BATCHED_READS });
  }

  /** The space row, or null when there is none. */
  async read(id: string): Promise<SpaceEntity | null> {
    return (await this.loader.load({ id, counted: false }))?.space ?? null;
  }

  /** The space row and its counters (read in the same statement), or null when there is no row. */
  async readCounted(id: string): Promise<{ space: SpaceEntity; counters: SpaceCounters } | null> {
    const row = await this.loader.load({ id, counted: true });
    if (!row) return null;
    if (!row.counters) throw new Error(`space ${id} was read without its counters`);
    return { space: row.space, counters: row.counters };
  }
}

/**
 * The rows of `keys` in their order (null for an unknown id). An id asked twice gets its own copy:
 * callers may change the row.
 */
async function rowsInOrder(keys: readonly SpaceReadKey[], readMany: ReadSpaces): Promise<Array<SpaceRow | null>> {
  const counted = keys.some((key) => key.counted);
  const rows = await readMany([...new Set(keys.map((key) => key.id))], counted);
  const byId = new Map(rows.map((row) => [row.space.id, row]));
  const given = new Set<string>();
  return keys.map(({ id }) => {
    const row = byId.get(id);
    if (!row) return null;
    if (given.has(id)) return { space: { ...row.space }, counters: row.counters && { ...row.counters } };
    given.add(id);
    return row;
  });
}
