import { EngineError } from './engine';

export interface RetryOptions {
  attempts: number;
  initialMs: number;
  maxMs: number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
}

export const DEFAULT_RETRY: RetryOptions = { attempts: 6, initialMs: 250, maxMs: 10_000 };

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(new Error('aborted'))), { once: true });
  });

/**
 * Runs `call`, retrying retryable engine errors (429, 5xx, timeouts) with exponential backoff and
 * jitter, or after the engine's Retry-After when it gave one (capped by `maxMs`). Other errors
 * and the last attempt's error are thrown.
 */
export async function withRetries<T>(call: () => Promise<T>, options: RetryOptions = DEFAULT_RETRY): Promise<T> {
  const sleep = options.sleep ?? wait;
  for (let attempt = 1; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof EngineError) || !error.retryable || attempt >= options.attempts) throw error;
      const backoff = Math.min(options.maxMs, options.initialMs * 2 ** (attempt - 1));
      const delay =
        error.retryAfterS !== undefined ? Math.min(options.maxMs, error.retryAfterS * 1000) : backoff * (0.5 + Math.random() / 2);
      await sleep(delay, options.signal);
    }
  }
}
