import type { TranslationLanguage } from '@bindery/contracts';

export interface TranslateRequest {
  from: TranslationLanguage;
  to: TranslationLanguage;
  /** Light HTML (see markup/inline-markup.ts): text to translate, tags to carry along in place. */
  segments: string[];
  /** Free guidance from the translation's instructions (only engines that read prose use it). */
  guidance?: string;
  signal?: AbortSignal;
}

/**
 * A machine translation engine. Every adapter translates the same light HTML and answers one
 * translation per segment, in order; failures are `EngineError`s saying whether a retry may help.
 */
export interface TranslationEngine {
  readonly name: string;
  /**
   * Whether the engine can translate `from` → `to`, directly or through pivot languages. Asked when a
   * run starts: any official language may be chosen, and a run the engine cannot do fails with a clear error.
   */
  supports(from: TranslationLanguage, to: TranslationLanguage): Promise<boolean>;
  translate(request: TranslateRequest): Promise<string[]>;
}

/** An engine's failure: `retryable` for rate limits (429), server errors (5xx), timeouts and network errors. */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    /** Seconds the engine asked to wait (Retry-After), when it did. */
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

/** An HTTP answer as an EngineError (429 and 5xx retryable), or the parsed JSON body. */
export async function jsonOrEngineError(engine: string, response: Response): Promise<unknown> {
  if (response.ok) return response.json();
  const retryable = response.status === 429 || response.status >= 500;
  const retryAfter = Number(response.headers.get('retry-after'));
  const body = (await response.text().catch(() => '')).slice(0, 200);
  throw new EngineError(
    `${engine} answered ${response.status}${body ? `: ${body}` : ''}`,
    retryable,
    Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
  );
}

/** fetch with a time limit; a timeout or a network failure is a retryable EngineError. */
export async function engineFetch(
  engine: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    return await fetch(url, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  } catch (error) {
    if (signal?.aborted) throw error;
    const reason = timeout.aborted ? `no answer within ${timeoutMs} ms` : (error as Error).message;
    throw new EngineError(`${engine} request failed: ${reason}`, true);
  }
}
