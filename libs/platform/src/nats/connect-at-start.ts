import { connect, type ConnectionOptions, type NatsConnection } from '@nats-io/transport-node';
import { setTimeout as sleep } from 'node:timers/promises';
import { logger } from '../logging/logger';

/**
 * How an app's first NATS connection is retried. nats.js retries a connection it lost (forever,
 * natsConnectionOptions), but not the first one: that rejects, and the app quits at start. On a
 * loaded machine the server can close a connection whose CONNECT arrived late ("Authentication
 * Timeout"), or not be listening yet; both pass. These bound the wait: 8 attempts, 250 ms doubling
 * to at most 5 s between them (about 18 s in all), then the last error stands.
 */
export interface FirstConnectRetry {
  attempts: number;
  firstDelayMs: number;
  maxDelayMs: number;
}

export const FIRST_CONNECT_RETRY: FirstConnectRetry = { attempts: 8, firstDelayMs: 250, maxDelayMs: 5_000 };

export interface ConnectAtStartDeps {
  connect: (options: ConnectionOptions) => Promise<NatsConnection>;
  sleep: (ms: number) => Promise<unknown>;
  retry: FirstConnectRetry;
}

const NODE_TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH']);

/**
 * Whether a failed first connection may pass on its own: the server timed out the handshake, was
 * unreachable, or did not answer in time. Wrong credentials ("Authorization Violation") or a bad
 * option never pass, so they fail at once.
 */
export function isTransientConnectError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (/authentication timeout/i.test(error.message)) return true;
  if (error.name === 'ConnectionError' || error.name === 'TimeoutError') return true;
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && NODE_TRANSIENT_CODES.has(code);
}

/** The servers as logged: any `user:password@` inside a URL dropped. */
function serversForLog(servers: ConnectionOptions['servers']): string[] {
  const list = servers === undefined ? [] : Array.isArray(servers) ? servers : [servers];
  return list.map((server) => server.replace(/\/\/[^@/]*@/, '//'));
}

/**
 * Connects to NATS at an app's start, retrying a transient failure with backoff
 * (FIRST_CONNECT_RETRY) instead of letting the app quit. Each retry is logged with the app's name,
 * user and servers, never its password.
 */
export async function connectAtStart(options: ConnectionOptions, deps: Partial<ConnectAtStartDeps> = {}): Promise<NatsConnection> {
  const { connect: open = connect, sleep: wait = sleep, retry = FIRST_CONNECT_RETRY } = deps;
  let delay = retry.firstDelayMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await open(options);
    } catch (error) {
      if (attempt >= retry.attempts || !isTransientConnectError(error)) throw error;
      logger.warn(
        {
          app: options.name,
          user: options.user,
          servers: serversForLog(options.servers),
          attempt,
          attempts: retry.attempts,
          retryInMs: delay,
          reason: (error as Error).message,
        },
        'the first NATS connection failed; retrying',
      );
      await wait(delay);
      delay = Math.min(delay * 2, retry.maxDelayMs);
    }
  }
}
