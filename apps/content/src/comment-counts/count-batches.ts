import { setTimeout as sleep } from 'node:timers/promises';

/**
 * How long content's comment-count consumer waits after storing a small batch before it takes the
 * next one: the events that arrive meanwhile (comments are posted in a steady trickle under load,
 * each its own event, rarely two in one socket read) are then stored in one statement, with each
 * target's superseded versions skipped. A lone event is stored at once; only the ones after it
 * wait, at most this long, so a count shows at most this much later than it would have.
 */
export const COUNT_SETTLE_MS = 100;

/**
 * A batch this large means events queued up (content was down or behind): the next one is taken
 * without a pause, so a backlog drains at full speed.
 */
export const BACKLOG_BATCH = 16;

/**
 * Stores a batch, then, when it was small, waits `settle` (`COUNT_SETTLE_MS`) before resolving:
 * the bus acks the batch and takes the next one only then, so that one holds every event that
 * came in during the pause.
 */
export async function storeThenSettle<T>(
  events: T[],
  store: (events: T[]) => Promise<void>,
  settle: () => Promise<unknown> = () => sleep(COUNT_SETTLE_MS),
): Promise<void> {
  await store(events);
  if (events.length < BACKLOG_BATCH) await settle();
}
