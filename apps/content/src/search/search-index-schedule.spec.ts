import { SearchIndexSchedule } from './search-index-schedule';

/** A schedule on a clock the test moves. */
function schedule(intervalMs = 500) {
  const clock = { now: 1_000_000 };
  return { clock, schedule: new SearchIndexSchedule(intervalMs, () => clock.now) };
}

describe('SearchIndexSchedule', () => {
  it('runs the first job of a space at once, and defers the next ones to the end of the interval', () => {
    const { clock, schedule: s } = schedule();
    expect(s.delay('space-a', 'job-1')).toBe(0);
    s.begin('space-a')(true);
    clock.now += 120;
    expect(s.delay('space-a', 'job-2')).toBe(380);
    clock.now += 300;
    expect(s.delay('space-a', 'job-3')).toBe(80);
    // Another space has its own interval.
    expect(s.delay('space-b', 'job-4')).toBe(0);
    clock.now += 80;
    expect(s.delay('space-a', 'job-5')).toBe(0);
  });

  it('lets one run after the deferral cover every job of the burst', async () => {
    const { clock, schedule: s } = schedule();
    s.begin('space-a')(true);
    clock.now += 100;
    expect(s.delay('space-a', 'job-2')).toBeGreaterThan(0);
    expect(s.delay('space-a', 'job-3')).toBeGreaterThan(0);
    clock.now += 400;
    // The first redelivery is not covered by the run that began before it was deferred: it runs.
    expect(await s.covered('space-a', 'job-2')).toBe(false);
    s.begin('space-a')(true);
    expect(await s.covered('space-a', 'job-3')).toBe(true);
  });

  it('waits for a covering run in progress, and runs the job when that run fails', async () => {
    const { clock, schedule: s } = schedule();
    s.begin('space-a')(true);
    clock.now += 100;
    s.delay('space-a', 'job-2');
    s.delay('space-a', 'job-3');
    s.delay('space-a', 'job-4');
    clock.now += 400;
    const failed = s.begin('space-a');
    const waiting = s.covered('space-a', 'job-2');
    failed(false);
    expect(await waiting).toBe(false);
    const succeeds = s.begin('space-a');
    const covered = s.covered('space-a', 'job-3');
    succeeds(true);
    expect(await covered).toBe(true);
    expect(await s.covered('space-a', 'job-4')).toBe(true);
  });

  it('never counts a job it did not defer as covered (first deliveries, other replicas, other spaces)', async () => {
    const { clock, schedule: s } = schedule();
    s.begin('space-a')(true);
    clock.now += 100;
    s.delay('space-a', 'job-2');
    s.begin('space-b')(true);
    expect(await s.covered('space-a', 'job-never-deferred')).toBe(false);
    expect(await s.covered('space-a', 'job-2')).toBe(false);
    // A job is forgotten once asked about.
    s.begin('space-a')(true);
    expect(await s.covered('space-a', 'job-2')).toBe(false);
  });
});
