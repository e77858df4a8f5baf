import { backoffDelay } from './backoff';
import { defineJob, JOB_DEFAULTS } from './job';

describe('backoffDelay', () => {
  const options = { initialMs: 1000, maxMs: 10_000, factor: 2 };

  it('doubles from the initial delay and stops at the cap', () => {
    const noJitter = () => 0;
    expect([1, 2, 3, 4, 5, 6].map((attempt) => backoffDelay(attempt, options, noJitter))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });

  it('takes at most 10% off at random, never adds', () => {
    expect(backoffDelay(2, options, () => 1)).toBe(1800);
    expect(backoffDelay(9, options, () => 0.5)).toBe(9500);
  });

  it('gives the defaults to a job that names none', () => {
    const job = defineJob({ type: 'test.noop', handle: () => Promise.resolve() });
    expect(job).toMatchObject({ concurrency: 1, maxAttempts: 5, ackWaitMs: 30_000, backoff: JOB_DEFAULTS.backoff });
    expect(() => defineJob({ type: 'NoDots', handle: () => Promise.resolve() })).toThrow(/<context>\.<name>/);
    expect(() => defineJob({ type: 'test.zero', concurrency: 0, handle: () => Promise.resolve() })).toThrow(/concurrency/);
  });
});
