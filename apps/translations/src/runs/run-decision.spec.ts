import { runAlreadyCompleted } from './run-decision';

describe('runAlreadyCompleted', () => {
  it('lets a run that has not completed yet run', () => {
    expect(runAlreadyCompleted({ completedRunSeq: 0 }, 1)).toBe(false);
    expect(runAlreadyCompleted({ completedRunSeq: 3 }, 4)).toBe(false);
  });

  it('stops a delivery of a run that already completed (a redelivery after completion)', () => {
    expect(runAlreadyCompleted({ completedRunSeq: 1 }, 1)).toBe(true);
  });

  it('stops a run superseded by a later completed one', () => {
    expect(runAlreadyCompleted({ completedRunSeq: 5 }, 4)).toBe(true);
  });
});
