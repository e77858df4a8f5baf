/**
 * A whole answer given before the route's handler runs, in place of its own (an Idempotency-Key
 * replay). Nest lets a guard end a request only by throwing, so the guard throws this and
 * HttpErrorFilter sends `response` as it is (status, headers and body) instead of an error body.
 */
export class EarlyAnswer extends Error {
  constructor(readonly response: Response) {
    super(`answered before the handler with status ${response.status}`);
  }
}
