import AsyncLock from 'async-lock';

/** How many merges into one space may wait for their turn; one more merges at once, without a turn. */
export const MAX_WAITING_MERGES = 16;

/**
 * How long a merge waits for its turn before it merges at once, without one: well under the
 * callers' RPC timeout (`RPC_TIMEOUT_MS`, 5 s by default), so that it still has time to merge.
 */
export const MAX_TURN_WAIT_MS = 2_000;

export interface TurnBounds {
  maxWaiting: number;
  maxWaitMs: number;
}

/**
 * Merges into one space take turns inside this process: each starts reading only once the one
 * before it has committed (or failed), so it merges onto the revision that one wrote instead of
 * racing it, losing the compare-and-set of its statement and computing everything again. The
 * turns are only an economy: the statement's guards still decide, against merges of other
 * processes (other replicas) and against every other writer of the space. So a merge that finds
 * the queue full, or waits past the time bound, merges at once, as every merge did before.
 *
 * A waiting merge holds nothing but its place (a callback in the queue): no pool connection, no
 * lock in Postgres. A space's queue is dropped as soon as it is empty.
 */
export class SpaceMergeTurns {
  private readonly lock: AsyncLock;

  constructor(bounds: TurnBounds = { maxWaiting: MAX_WAITING_MERGES, maxWaitMs: MAX_TURN_WAIT_MS }) {
    this.lock = new AsyncLock({ maxPending: bounds.maxWaiting, timeout: bounds.maxWaitMs });
  }

  /** Runs `merge` in the space's next turn; past the bounds, at once. Answers what `merge` answers. */
  async run<T>(spaceId: string, merge: () => Promise<T>): Promise<T> {
    let started = false;
    try {
      return await this.lock.acquire(spaceId, () => {
        started = true;
        return merge();
      });
    } catch (error) {
      // The merge's own failure; or the queue refused it (full, or its wait ran out) and it never started.
      if (started) throw error;
      return merge();
    }
  }

  /** Whether a merge into the space is running or waiting in this process. */
  isBusy(spaceId: string): boolean {
    return this.lock.isBusy(spaceId);
  }
}
