import { ERROR_REASONS, type ErrorPayload, type ErrorReason } from '@bindery/contracts';

/** The reason an error of a status has unless a more specific one is given. */
export function reasonForStatus(code: number): ErrorReason {
  switch (code) {
    case 400:
      return 'bad_request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 404:
      return 'not_found';
    case 409:
      return 'conflict';
    case 413:
      return 'too_large';
    case 429:
      return 'rate_limited';
    case 503:
      return 'unavailable';
    default:
      return code >= 400 && code < 500 ? 'bad_request' : 'internal';
  }
}

/**
 * A domain error with the HTTP status it maps to and a stable `reason` that callers branch on
 * (`isAppError(e, 'not_found')`), never on the status or the message. Services throw it; it crosses
 * NATS as an ErrorPayload and the gateway renders it as `{"error":{"code","message"}}`.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly details?: unknown,
    readonly reason: ErrorReason = reasonForStatus(code),
  ) {
    super(message);
    this.name = 'AppError';
  }

  toPayload(): ErrorPayload {
    const payload: ErrorPayload = { code: this.code, reason: this.reason, message: this.message };
    return this.details === undefined ? payload : { ...payload, details: this.details };
  }

  static fromPayload(payload: ErrorPayload): AppError {
    // A reason this build does not know (a newer peer) or none (an older one): the status says enough.
    const reason = ERROR_REASONS.includes(payload.reason) ? payload.reason : reasonForStatus(payload.code);
    return new AppError(payload.code, payload.message, payload.details, reason);
  }
}

export const badRequest = (message: string, details?: unknown): AppError => new AppError(400, message, details);
export const unauthorized = (message = 'Authentication required'): AppError => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this'): AppError => new AppError(403, message);
export const notFound = (message: string): AppError => new AppError(404, message);
export const conflict = (message: string, details?: unknown): AppError => new AppError(409, message, details);
export const tooLarge = (message: string): AppError => new AppError(413, message);
export const unavailable = (message: string): AppError => new AppError(503, message);
/** Sent, but no answer in time: the operation may have been applied. */
export const outcomeUnknown = (message: string): AppError => new AppError(503, message, undefined, 'outcome_unknown');
/** At capacity: `retryAfterSeconds` tells the client when to come back. */
export const busy = (message: string, retryAfterSeconds: number): AppError => new AppError(503, message, { retryAfterSeconds }, 'busy');

/** True when `error` is an AppError, of `reason` when one is given. */
export function isAppError(error: unknown, reason?: ErrorReason): error is AppError {
  return error instanceof AppError && (reason === undefined || error.reason === reason);
}

/** True for a value that has the shape of an ErrorPayload (as received over NATS; `reason` may be missing from older peers). */
export function isErrorPayload(value: unknown): value is ErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'number' && typeof candidate.message === 'string';
}

/** True for a 503 whose request may still be applied (a timeout): the gateway keeps it for an Idempotency-Key. */
export function isOutcomeUnknown(error: unknown): boolean {
  return isAppError(error, 'outcome_unknown');
}
