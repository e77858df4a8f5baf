import { SearchIndexSchedule } from './search-index-schedule';

/** A schedule on a clock the test moves. */
function schedule(intervalMs = 500) {
  const clock = { now: 1_000_000 };
  return { clock, schedule: new SearchIndexSchedule(intervalMs, () => clock.now) };
}

describe('SearchIndexSchedule', () => {
  it('runs the first job of a space at once, and defers the next ones to the end of the interval', () => {
    const { clock, schedule: s } = schedule();
    expect(s.delay('space-a')).toBe(0);
    s.begin('space-a');
    clock.now += 120;
    expect(s.delay('space-a')).toBe(380);
    clock.now += 300;
    expect(s.delay('space-a')).toBe(80);
    // Another space has its own interval.
    expect(s.delay('space-b')).toBe(0);
    clock.now += 80;
    expect(s.delay('space-a')).toBe(0);
  });

  it('counts the interval from the latest run of the space', () => {
    const { clock, schedule: s } = schedule();
    s.begin('space-a');
    clock.now += 600;
    expect(s.delay('space-a')).toBe(0);
    s.begin('space-a');
    clock.now += 100;
    expect(s.delay('space-a')).toBe(400);
  });

  it('forgets spaces whose interval is over once it holds many, and still defers the recent ones', () => {
    const { clock, schedule: s } = schedule();
    for (let i = 0; i < 1_000; i++) s.begin(`old-${i}`);
    clock.now += 500;
    s.begin('space-a');
    s.begin('space-b');
    clock.now += 100;
    expect(s.delay('old-1')).toBe(0);
    expect(s.delay('space-a')).toBe(400);
  });
});
