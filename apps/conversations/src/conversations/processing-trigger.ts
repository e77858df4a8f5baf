import { logger } from '@bindery/platform';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { processJobId } from '../processing/process.job';
import type { ConversationsRepository } from './conversations.repository';

/** How often the sweep looks for conversations left waiting while busy, and how old they must be. */
export const SWEEP_EVERY_MS = 2000;
/**
 * The longest gap between sweeps: each sweep that finds nothing doubles the gap up to this, and an
 * ingestion here or a sweep that finds something brings it back to SWEEP_EVERY_MS. An idle process
 * then wakes every 30 s, not every 2 s; what another replica left waiting (it stopped between an
 * insert and its queueing) is queued within this, while that replica's own sweep is quiet.
 */
export const SWEEP_IDLE_MAX_MS = 30_000;
/** Organizations the sweep queues per tick (the rest wait for the next one). */
const SWEEP_BATCH = 500;
/** Windows remembered per process (one per organization that ingested lately). */
const REMEMBERED = 10_000;

/**
 * Queues processing so that ingestion stays one insert: the first ingestion of an organization in
 * a window (`PROCESS_WINDOW_MS`) queues that window's job, and the later ones of the window, in
 * this process, skip even that (replicas share the job through its id). Processing drains
 * everything waiting, so one job per window and organization is enough.
 *
 * A job may finish before a conversation of its window commits, and a process may stop between
 * an insert and its queueing: the sweep queues a job for every organization with a conversation
 * waiting longer than `SWEEP_EVERY_MS`, so nothing stays waiting (every `SWEEP_EVERY_MS` after an
 * ingestion, backing off to `SWEEP_IDLE_MAX_MS` while nothing happens).
 *
 * Provided by a factory (no Nest decorator), so unit tests load it without Nest.
 */
export class ProcessingTrigger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queued = new Map<string, string>();
  private timer?: NodeJS.Timeout;
  private stopped = true;
  /** The gap before the next sweep (see SWEEP_IDLE_MAX_MS). */
  private gapMs = SWEEP_EVERY_MS;

  constructor(private readonly repository: ConversationsRepository) {}

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.schedule();
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  /** The gap before the next sweep, as it stands. */
  get sweepGapMs(): number {
    return this.gapMs;
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sweep().then((found) => {
        this.gapMs = found > 0 ? SWEEP_EVERY_MS : Math.min(this.gapMs * 2, SWEEP_IDLE_MAX_MS);
        this.schedule();
      });
    }, this.gapMs);
    this.timer.unref();
  }

  /** Something was ingested: sweep often again (a job may finish before a later conversation of its window commits). */
  private busy(): void {
    if (this.gapMs === SWEEP_EVERY_MS) return;
    this.gapMs = SWEEP_EVERY_MS;
    // A sweep waiting on the database reschedules itself when done.
    if (this.timer) this.schedule();
  }

  /** After an ingestion stored something new: the window's job, unless this process queued it already. */
  async ingested(organizationId: string, now = Date.now()): Promise<void> {
    this.busy();
    const jobId = processJobId(organizationId, now);
    if (this.queued.get(organizationId) === jobId) return;
    try {
      await this.repository.queueProcessing(organizationId, jobId);
    } catch (error) {
      // The conversations are stored: the sweep queues their processing, the request need not fail.
      logger.warn({ err: error, organizationId }, 'could not queue processing after an ingestion; the sweep will');
      return;
    }
    this.queued.delete(organizationId);
    this.queued.set(organizationId, jobId);
    if (this.queued.size > REMEMBERED) this.queued.delete(this.queued.keys().next().value!);
  }

  /** Queues the processing of every organization with conversations waiting too long; how many it found (a failure counts as one: try again soon). */
  async sweep(now = Date.now()): Promise<number> {
    try {
      const waiting = await this.repository.waitingSince(new Date(now - SWEEP_EVERY_MS), SWEEP_BATCH);
      for (const organizationId of waiting) {
        await this.repository.queueProcessing(organizationId, processJobId(organizationId, now, 'sweep'));
      }
      return waiting.length;
    } catch (error) {
      logger.warn({ err: error }, 'could not queue the processing of waiting conversations; the next sweep will');
      return 1;
    }
  }
}
