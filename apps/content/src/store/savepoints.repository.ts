import type { EntityManager } from 'typeorm';

/**
 * Runs `work` inside the transaction after a savepoint. When it answers `undefined`, the
 * transaction is rolled back to the savepoint: the rows it wrote and the locks it took are undone,
 * the transaction goes on. An error thrown by `work` passes through (the transaction then ends).
 */
export async function undoneUnlessDone<T>(
  manager: EntityManager,
  name: string,
  work: () => Promise<T | undefined>,
): Promise<T | undefined> {
  await manager.query(`SAVEPOINT ${name}`);
  const result = await work();
  // Done, the savepoint is left to the commit: releasing it would be one more round trip while
  // the caller may hold a lock it wants to keep briefly.
  if (result === undefined) await manager.query(`ROLLBACK TO SAVEPOINT ${name}`);
  return result;
}
