/** What `nextLoopTurn` resolves to: nothing more came in this loop turn. */
const LATER = Symbol('later');

/** Resolves in the check phase of this loop turn: after everything the turn's socket reads delivered. */
const nextLoopTurn = (): Promise<typeof LATER> => new Promise((resolve) => setImmediate(resolve, LATER));

/**
 * Hands `handle` the items of `source` in batches of those already received: the first item of a
 * batch is waited for, the ones after it (up to `maxBatch`) only while `source` yields them within
 * the same loop turn (they came in one socket read, or while the last batch was being handled).
 * A quiet source gives batches of one, with no delay; a busy one gives fewer, larger batches.
 * The next batch is taken once `handle` resolves.
 */
export async function inBatches<T>(source: AsyncIterable<T>, maxBatch: number, handle: (batch: T[]) => Promise<void>): Promise<void> {
  const iterator = source[Symbol.asyncIterator]();
  let next = iterator.next();
  for (;;) {
    const first = await next;
    if (first.done) return;
    const batch: T[] = [first.value];
    next = iterator.next();
    while (batch.length < maxBatch) {
      const more = await Promise.race([next, nextLoopTurn()]);
      if (more === LATER || more.done) break;
      batch.push(more.value);
      next = iterator.next();
    }
    await handle(batch);
  }
}
