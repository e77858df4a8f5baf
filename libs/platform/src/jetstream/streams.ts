import { type JetStreamManager, RetentionPolicy, StorageType } from '@nats-io/jetstream';
import { nanos } from '@nats-io/transport-node';

/** Facts other contexts react to; kept a week so a consumer that was down catches up. */
export const EVENTS_STREAM = 'EVENTS';
export const EVENT_SUBJECT_PREFIX = 'events.';
/** Background work, one delivery per job across all workers. */
export const JOBS_STREAM = 'JOBS';
export const JOB_SUBJECT_PREFIX = 'jobs.';
/** Messages that failed every attempt, kept for an operator to inspect and replay. */
export const DEAD_LETTER_STREAM = 'DEAD_LETTERS';
export const DEAD_LETTER_PREFIX = 'dlq.';

const DAY_NS = nanos(24 * 60 * 60 * 1000);

/** Creates the three streams when missing. Idempotent; every service calls it on start. */
export async function ensureStreams(jsm: JetStreamManager): Promise<void> {
  const wanted = [
    { name: EVENTS_STREAM, subjects: [`${EVENT_SUBJECT_PREFIX}>`], retention: RetentionPolicy.Limits, max_age: 7 * DAY_NS },
    { name: JOBS_STREAM, subjects: [`${JOB_SUBJECT_PREFIX}>`], retention: RetentionPolicy.Workqueue, max_age: 7 * DAY_NS },
    { name: DEAD_LETTER_STREAM, subjects: [`${DEAD_LETTER_PREFIX}>`], retention: RetentionPolicy.Limits, max_age: 30 * DAY_NS },
  ];
  for (const stream of wanted) {
    try {
      await jsm.streams.info(stream.name);
    } catch {
      try {
        // Two duplicate-detection minutes let publishers retry with the same message id safely.
        await jsm.streams.add({ ...stream, storage: StorageType.File, duplicate_window: nanos(2 * 60 * 1000) });
      } catch (error) {
        // Another process created it between our check and our add.
        await jsm.streams.info(stream.name).catch(() => Promise.reject(error instanceof Error ? error : new Error(String(error))));
      }
    }
  }
}
