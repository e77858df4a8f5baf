import { AppError, busy, conflict, isAppError, notFound, outcomeUnknown, unavailable } from './app-error';

describe('AppError reason', () => {
  it('is set by the helpers and crosses NATS in the payload beside the status', () => {
    expect(notFound('No space').toPayload()).toEqual({ code: 404, reason: 'not_found', message: 'No space' });
    expect(conflict('Taken', { id: 'x' }).toPayload()).toEqual({ code: 409, reason: 'conflict', message: 'Taken', details: { id: 'x' } });
    // Two 503s that a caller must tell apart: not sent at all, and sent without an answer.
    expect(unavailable('down').reason).toBe('unavailable');
    expect(outcomeUnknown('late')).toMatchObject({ code: 503, reason: 'outcome_unknown' });
    expect(busy('full', 30)).toMatchObject({ code: 503, reason: 'busy', details: { retryAfterSeconds: 30 } });
  });

  it('survives the round trip, and falls back to the status for a peer that sent none or an unknown one', () => {
    const back = AppError.fromPayload(busy('full', 5).toPayload());
    expect(isAppError(back, 'busy')).toBe(true);
    expect(AppError.fromPayload({ code: 404, message: 'gone' } as never).reason).toBe('not_found');
    expect(AppError.fromPayload({ code: 409, reason: 'from-the-future', message: 'x' } as never).reason).toBe('conflict');
    expect(new AppError(418, 'teapot').reason).toBe('bad_request');
    expect(new AppError(500, 'boom').reason).toBe('internal');
  });

  it('isAppError matches by reason, not by status', () => {
    expect(isAppError(notFound('x'), 'not_found')).toBe(true);
    expect(isAppError(notFound('x'), 'forbidden')).toBe(false);
    expect(isAppError(outcomeUnknown('x'), 'unavailable')).toBe(false);
    expect(isAppError({ code: 404, reason: 'not_found', message: 'plain object' }, 'not_found')).toBe(false);
    expect(isAppError(new Error('x'))).toBe(false);
  });
});
