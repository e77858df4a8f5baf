import { logger } from '../logging/logger';

/**
 * Runs NATS sends together in the event loop's check phase (`setImmediate`).
 *
 * The NATS client writes what it has buffered to its socket in a microtask after the first send,
 * and Node runs microtasks after every I/O callback, so under load every request (gateway) and
 * every reply (service) cost one `write` syscall: ~20 % of the gateway's CPU per read and ~20 %
 * of identity's in `pnpm bench gateway` profiles. Sends queued here from all the I/O callbacks of
 * one loop turn go out in one `write`. The delay is the rest of the current loop turn, never a timer.
 */
let queue: Array<() => void> = [];

function flush(): void {
  const sends = queue;
  queue = [];
  for (const send of sends) {
    try {
      send();
    } catch (error) {
      // Each send handles its own failure; this only keeps one from stopping the others.
      logger.warn({ err: error }, 'a batched NATS send failed');
    }
  }
}

/** Queues `send` to run with the other sends of this loop turn (in order). */
export function inCheckPhase(send: () => void): void {
  queue.push(send);
  if (queue.length === 1) setImmediate(flush);
}
