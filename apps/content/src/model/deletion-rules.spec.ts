import { FixedClock } from '../clock/clock';
import { DELETED_SPACE_RETENTION_MS, isPurgeable, purgeCutoff } from './deletion-rules';

describe('deleted space retention', () => {
  it('keeps a deleted space restorable for 7 days, then purgeable', () => {
    const clock = new FixedClock(new Date('2026-03-01T12:00:00Z'));
    const deletedAt = clock.now();
    expect(isPurgeable(null, clock.now())).toBe(false);
    clock.advance(DELETED_SPACE_RETENTION_MS - 1);
    expect(isPurgeable(deletedAt, clock.now())).toBe(false);
    clock.advance(1);
    expect(isPurgeable(deletedAt, clock.now())).toBe(true);
    expect(purgeCutoff(clock.now()).getTime()).toBe(deletedAt.getTime());
  });
});
