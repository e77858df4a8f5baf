import { logger } from '@bindery/platform';
import type { OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { processJobId } from '../processing/process.job';
import type { ConversationsRepository } from './conversations.repository';

/** How often the sweep looks for conversations left waiting, and how old they must be. */
export const SWEEP_EVERY_MS = 2000;
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
 * waiting longer than `SWEEP_EVERY_MS`, so nothing stays waiting.
 *
 * Provided by a factory (no Nest decorator), so unit tests load it without Nest.
 */
export class ProcessingTrigger implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly queued = new Map<string, string>();
  private timer?: NodeJS.Timeout;

  constructor(private readonly repository: ConversationsRepository) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** After an ingestion stored something new: the window's job, unless this process queued it already. */
  async ingested(organizationId: string, now = Date.now()): Promise<void> {
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

  /** Queues the processing of every organization with conversations waiting too long. */
  async sweep(now = Date.now()): Promise<void> {
    try {
      for (const organizationId of await this.repository.waitingSince(new Date(now - SWEEP_EVERY_MS), SWEEP_BATCH)) {
        await this.repository.queueProcessing(organizationId, processJobId(organizationId, now, 'sweep'));
      }
    } catch (error) {
      logger.warn({ err: error }, 'could not queue the processing of waiting conversations; the next sweep will');
    }
  }
}
