import type { OpenApiErrorCode, OpenApiProcessError } from '@bindery/contracts';

/**
 * Why a processing failed, as the spec reports it (`lastProcessErrorCode`, `lastProcessedErrors`).
 * `retryable` failures (the network) are tried again with backoff; the others (what the document
 * says, what the policy refuses) would fail the same way again.
 */
export class ProcessingError extends Error {
  constructor(
    readonly code: OpenApiErrorCode,
    readonly errors: OpenApiProcessError[],
    readonly retryable: boolean,
    /** Errors found before the list was cut short. */
    readonly total = errors.length,
  ) {
    super(errors.map((e) => e.message).join('; '));
    this.name = 'ProcessingError';
  }

  static parse(message: string, location?: string): ProcessingError {
    return new ProcessingError('PARSE_ERROR', [{ message: location ? `${location}: ${message}` : message, code: 'parse' }], false);
  }
}
