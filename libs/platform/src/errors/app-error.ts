import type { ErrorPayload } from '@bindery/contracts';

/**
 * A domain error with the HTTP status it maps to. Services throw it; it crosses NATS as an
 * ErrorPayload and the gateway renders it as `{"error":{"code","message"}}`.
 */
export class AppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }

  toPayload(): ErrorPayload {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }

  static fromPayload(payload: ErrorPayload): AppError {
    return new AppError(payload.code, payload.message, payload.details);
  }
}

export const badRequest = (message: string, details?: unknown): AppError => new AppError(400, message, details);
export const unauthorized = (message = 'Authentication required'): AppError => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do this'): AppError => new AppError(403, message);
export const notFound = (message: string): AppError => new AppError(404, message);
export const conflict = (message: string, details?: unknown): AppError => new AppError(409, message, details);
export const unavailable = (message: string): AppError => new AppError(503, message);

/** True for a value that has the shape of an ErrorPayload (as received over NATS). */
export function isErrorPayload(value: unknown): value is ErrorPayload {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return typeof candidate.code === 'number' && typeof candidate.message === 'string';
}

/** Details of a 503 whose request may still be applied (a timeout): the gateway keeps it for an Idempotency-Key. */
export const OUTCOME_UNKNOWN = { outcome: 'unknown' } as const;

export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof AppError && (error.details as { outcome?: unknown } | undefined)?.outcome === OUTCOME_UNKNOWN.outcome;
}
