/** Who is calling, as established by the gateway from the bearer token. */
export interface Caller {
  userId: string;
  tokenId: string;
}

/** Travels with every request/reply message so logs and authorisation follow a request across services. */
export interface RequestContext {
  /** Correlates log lines of one HTTP request in every service. */
  requestId: string;
  /** Absent only for unauthenticated internal calls (health, token verification). */
  caller?: Caller;
  /** Public base URL of the gateway (no trailing slash), used to build `urls` objects. */
  baseUrl: string;
  /**
   * W3C trace context of the calling span, when tracing is on (set by the kit's ServiceClient per
   * request; services never read or write it themselves).
   */
  traceparent?: string;
  tracestate?: string;
}

/** The shape of every request/reply payload: context plus the operation's input. */
export interface Envelope<T> {
  ctx: RequestContext;
  data: T;
}

/**
 * Why an operation failed, stable across messages: callers branch on it, never on `code` or the
 * text. Between services only; the public API's error body stays `{"error":{"code","message"}}`.
 */
export type ErrorReason =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  /** The service cannot be reached or refused the request before acting on it: safe to retry. */
  | 'unavailable'
  /** The request was sent but no answer came in time: it may or may not have been applied. */
  | 'outcome_unknown'
  /** The service is at capacity for this kind of work (details may say when to retry). */
  | 'busy'
  /** The caller sent too many requests in the current window (429; details say when to retry). */
  | 'rate_limited'
  | 'internal';

export const ERROR_REASONS: readonly ErrorReason[] = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'too_large',
  'unavailable',
  'outcome_unknown',
  'busy',
  'rate_limited',
  'internal',
];

/** Error carried back over NATS; `code` is the HTTP status the gateway answers with, `reason` what callers branch on. */
export interface ErrorPayload {
  code: number;
  reason: ErrorReason;
  message: string;
  details?: unknown;
}

/** Input of operations that need nothing but the caller. */
export type NoInput = Record<string, never>;
/** Result of operations that answer nothing (the gateway answers 204). */
export type NoResult = Record<string, never>;
