/**
 * How often one worker process indexes a space at most: a merge's text is searchable at most this
 * long after the previous run of its space began (plus the run itself). Merges landing closer
 * together are indexed by one run. A space not indexed in the last interval is indexed at once.
 */
export const SEARCH_INDEX_INTERVAL_MS = 1_000;

/** Past this many spaces, the start times that no longer defer anything are swept on the next write. */
const SWEEP_ABOVE = 1_000;

/**
 * The per-process schedule of a space's index runs: `delay` puts off a job whose space began a run
 * here less than the interval ago, until the interval is over. The job is queued coalesced (one
 * pending job per space, see `searchIndexJob` in the store), so the merges landing meanwhile add
 * nothing to it, and the one run after the delay covers them all.
 *
 * In memory: another replica, or this one after a restart, simply runs the job at once.
 */
export class SearchIndexSchedule {
  /** When each space's latest run began here. */
  private readonly lastStart = new Map<string, number>();

  constructor(
    private readonly intervalMs = SEARCH_INDEX_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long to put off a job of the space (0: run it now). */
  delay(spaceId: string): number {
    const last = this.lastStart.get(spaceId);
    const wait = last === undefined ? 0 : last + this.intervalMs - this.now();
    return Math.max(0, wait);
  }

  /** Records that a run of the space begins. */
  begin(spaceId: string): void {
    this.lastStart.set(spaceId, this.now());
    if (this.lastStart.size > SWEEP_ABOVE) this.sweep();
  }

  /** Forgets the spaces not begun within the interval: their start defers nothing. */
  private sweep(): void {
    const now = this.now();
    for (const [spaceId, at] of this.lastStart) if (at + this.intervalMs <= now) this.lastStart.delete(spaceId);
  }
}
