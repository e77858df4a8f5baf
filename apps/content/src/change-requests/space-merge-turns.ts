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
 *
 * A merge reads its change request and the space before its turn (`enter` first), so that its
 * turn holds only the computing and the write; the turns then tell it the revision the merges of
 * this process committed into the space since it entered (`committedSince`), which is newer than
 * the space it read. That too is only an economy: its statement's guard still compares the space's
 * revision, so a merge of another process in between only costs an attempt.
 */
export class SpaceMergeTurns {
  private readonly lock: AsyncLock;
  /** Per space with a merge in flight in this process: what those merges committed. Dropped when the last one leaves. */
  private readonly merging = new Map<string, SpaceMerges>();

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

  /**
   * A merge into the space begins, before it reads anything: from now on `committedSince` tells it
   * what merges of this process commit into the space. It must `leave` once done, whatever the outcome.
   */
  enter(spaceId: string): MergeEntry {
    let merges = this.merging.get(spaceId);
    if (!merges) this.merging.set(spaceId, (merges = { inFlight: 0, commits: 0, lastRevision: '' }));
    merges.inFlight++;
    return { spaceId, commitsBefore: merges.commits };
  }

  /** A merge of this process committed `revisionId` as the space's revision. */
  committed(entry: MergeEntry, revisionId: string): void {
    const merges = this.merging.get(entry.spaceId);
    if (!merges) return;
    merges.commits++;
    merges.lastRevision = revisionId;
  }

  /** The space's revision as the latest merge of this process committed it after `entry` entered; undefined if none did. */
  committedSince(entry: MergeEntry): string | undefined {
    const merges = this.merging.get(entry.spaceId);
    return merges && merges.commits > entry.commitsBefore ? merges.lastRevision : undefined;
  }

  /** The merge of `entry` is done (merged or failed). */
  leave(entry: MergeEntry): void {
    const merges = this.merging.get(entry.spaceId);
    if (merges && --merges.inFlight === 0) this.merging.delete(entry.spaceId);
  }

  /** How many spaces have a merge in flight (entered and not left) in this process. */
  get spacesMerging(): number {
    return this.merging.size;
  }

  /** Whether a merge into the space is running or waiting in this process. */
  isBusy(spaceId: string): boolean {
    return this.lock.isBusy(spaceId);
  }
}

/** A merge's place among the merges into its space, from `enter` to `leave`. */
export interface MergeEntry {
  readonly spaceId: string;
  /** How many merges of this process had committed into the space when this one entered. */
  readonly commitsBefore: number;
}

interface SpaceMerges {
  /** Merges entered and not left. */
  inFlight: number;
  /** Merges committed since the first of those entered. */
  commits: number;
  /** The revision the latest of those commits wrote. */
  lastRevision: string;
}
