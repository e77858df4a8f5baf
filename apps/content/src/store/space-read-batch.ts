import DataLoader from 'dataloader';
import type { SpaceEntity } from './space.entity';

/** Most spaces one batched read asks for. */
const MAX_BATCHED_READS = 256;

/**
 * Reads of space rows by id, batched: every content request reads its space (the access check),
 * and the requests that arrive in one read of the NATS socket reach that check in the same turn
 * of the event loop, so their reads go in one statement (`readMany`) instead of one each.
 * Nothing is reused across turns (`cache: false`): each read is sent after its request arrived,
 * so it sees every write committed before, as a read of its own would.
 */
export class SpaceReadBatch {
  private readonly loader: DataLoader<string, SpaceEntity | null>;

  /** `readMany`: the rows of these (distinct) ids that exist, in any order. */
  constructor(readMany: (ids: string[]) => Promise<SpaceEntity[]>) {
    this.loader = new DataLoader((ids) => rowsInOrder(ids, readMany), { cache: false, maxBatchSize: MAX_BATCHED_READS });
  }

  /** The space row, or null when there is none. */
  read(id: string): Promise<SpaceEntity | null> {
    return this.loader.load(id);
  }
}

/** The rows of `ids` in their order (null for an unknown one). An id asked twice gets its own copy: callers may change the row. */
async function rowsInOrder(
  ids: readonly string[],
  readMany: (ids: string[]) => Promise<SpaceEntity[]>,
): Promise<Array<SpaceEntity | null>> {
  const byId = new Map((await readMany([...new Set(ids)])).map((row) => [row.id, row]));
  const given = new Set<string>();
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) return null;
    if (given.has(id)) return { ...row };
    given.add(id);
    return row;
  });
}
