import type { ConnectionOptions } from '@nats-io/transport-node';

/** Where NATS is and who this app is there (the NatsEnv variables). */
export interface NatsSettings {
  NATS_URL: string;
  NATS_USER?: string;
  NATS_PASSWORD?: string;
  /** The process's metrics listener (NatsEnv), started by `startService` / `runWorker` when set. */
  METRICS_PORT?: number;
  METRICS_HOST?: string;
}

/**
 * NATS connection options shared by servers and clients: the app's own credentials, reconnect
 * forever, quickly. With a user, reply inboxes are `_INBOX.<user>.…`, so the server can let each
 * app subscribe to its own replies only. No async traces: nats.js would otherwise build an Error
 * (with a captured stack) for every request just in case it times out, which measured at ~7% of
 * the gateway's CPU.
 */
export function natsConnectionOptions(nats: NatsSettings, name: string): ConnectionOptions {
  const user = nats.NATS_USER ? { user: nats.NATS_USER, pass: nats.NATS_PASSWORD ?? '', inboxPrefix: `_INBOX.${nats.NATS_USER}` } : {};
  return { servers: nats.NATS_URL.split(','), name, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true, ...user };
}
