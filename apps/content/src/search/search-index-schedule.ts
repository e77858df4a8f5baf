/**
 * How often one worker process indexes a space at most: a merge's text is searchable at most this
 * long after the previous run of its space began (plus the run itself). Merges landing closer
 * together are indexed by one run. A space not indexed in the last interval is indexed at once.
 */
export const SEARCH_INDEX_INTERVAL_MS = 1_000;

/** Deferred jobs remembered this long at most (a redelivery that went to another replica never comes back here). */
const FORGET_DEFERRED_AFTER_MS = 60_000;
/** Past this many entries, a remembered time that no longer matters is swept on the next write. */
const SWEEP_ABOVE = 1_000;

/**
 * The per-process schedule of a space's index runs, which makes one run cover a burst of merges:
 *
 * - `delay` puts off a job whose space began a run less than the interval ago, until the interval
 *   is over, so the jobs of a burst are redelivered together;
 * - `covered` then says whether a run of the space that began after the job was deferred has
 *   succeeded here (waiting for it if it is in progress): that run read a revision at least as new as the job's (the job is published
 *   after its merge commits, so before it is deferred), so the job has nothing left to do.
 *
 * Both are in memory: another replica, or this one after a restart, simply runs the job (the run
 * is idempotent, and a revision already indexed makes it a cheap no-op). No clock is compared
 * across processes: coverage is decided by the order of events in this process.
 */
export class SearchIndexSchedule {
  /** When each space's latest run began here. */
  private readonly lastStart = new Map<string, number>();
  /** Runs begun here, numbered from 1. */
  private runs = 0;
  /** The highest number of a run that succeeded, per space. */
  private readonly succeeded = new Map<string, number>();
  /** The run of each space in progress here, if any: its number and whether it succeeds. */
  private readonly running = new Map<string, { run: number; ok: Promise<boolean> }>();
  /** Each deferred job: the runs begun before it was deferred, and when. */
  private readonly deferred = new Map<string, { runsBefore: number; at: number }>();

  constructor(
    private readonly intervalMs = SEARCH_INDEX_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long to put off this job of the space (0: run it now); a deferred job is remembered. */
  delay(spaceId: string, jobId: string): number {
    const last = this.lastStart.get(spaceId);
    const wait = last === undefined ? 0 : last + this.intervalMs - this.now();
    if (wait <= 0) return 0;
    this.deferred.set(jobId, { runsBefore: this.runs, at: this.now() });
    if (this.deferred.size > SWEEP_ABOVE) this.sweepDeferred();
    return wait;
  }

  /**
   * Whether a run that began here after the job was deferred has indexed its space; when such a
   * run is in progress, waits for it (rather than wait on the space's lock to find it indexed).
   * Forgets the job.
   */
  async covered(spaceId: string, jobId: string): Promise<boolean> {
    const deferred = this.deferred.get(jobId);
    this.deferred.delete(jobId);
    if (!deferred) return false;
    if ((this.succeeded.get(spaceId) ?? 0) > deferred.runsBefore) return true;
    const running = this.running.get(spaceId);
    return running !== undefined && running.run > deferred.runsBefore && (await running.ok);
  }

  /** Records that a run of the space begins; call the result with whether it succeeded. */
  begin(spaceId: string): (ok: boolean) => void {
    const run = ++this.runs;
    this.lastStart.set(spaceId, this.now());
    if (this.lastStart.size > SWEEP_ABOVE) this.sweepStarts();
    let settle!: (ok: boolean) => void;
    this.running.set(spaceId, { run, ok: new Promise<boolean>((resolve) => (settle = resolve)) });
    return (ok) => {
      if (ok && run > (this.succeeded.get(spaceId) ?? 0)) this.succeeded.set(spaceId, run);
      if (this.running.get(spaceId)?.run === run) this.running.delete(spaceId);
      settle(ok);
    };
  }

  /**
   * Forgets the spaces not begun within the interval: their start defers nothing, and forgetting
   * their successes is safe (a deferred job then runs, finding its revision indexed).
   */
  private sweepStarts(): void {
    const now = this.now();
    for (const [spaceId, at] of this.lastStart) {
      if (at + this.intervalMs > now) continue;
      this.lastStart.delete(spaceId);
      this.succeeded.delete(spaceId);
    }
  }

  private sweepDeferred(): void {
    const now = this.now();
    for (const [jobId, { at }] of this.deferred) if (at + FORGET_DEFERRED_AFTER_MS <= now) this.deferred.delete(jobId);
  }
}
