import { BACKLOG_BATCH, storeThenSettle } from './count-batches';

/** Lets every settled promise's callbacks run. */
const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A store that records its batches, and a pause the test ends by hand. */
function held() {
  const stored: number[][] = [];
  const store = (events: number[]) => Promise.resolve(void stored.push(events));
  let paused = 0;
  let endPause!: () => void;
  const settle = () => {
    paused += 1;
    return new Promise<void>((resolve) => (endPause = resolve));
  };
  return { stored, store, settle, paused: () => paused, endPause: () => endPause() };
}

/** Runs `storeThenSettle`; `done` tells whether it resolved (the bus acks the batch and takes the next only then). */
function handle(events: number[], h: ReturnType<typeof held>) {
  const run = { done: false };
  void storeThenSettle(events, h.store, h.settle).then(() => (run.done = true));
  return run;
}

describe('storeThenSettle (comment-count batches)', () => {
  it('stores a small batch at once, then holds the next batch back until the pause is over', async () => {
    const h = held();
    const run = handle([1], h);
    await flush();
    // Stored without waiting; not resolved: the events arriving now gather for the next batch.
    expect(h.stored).toEqual([[1]]);
    expect(h.paused()).toBe(1);
    expect(run.done).toBe(false);
    h.endPause();
    await flush();
    expect(run.done).toBe(true);
  });

  it('takes the next batch at once after a backlog-sized one, so a backlog drains at full speed', async () => {
    const h = held();
    const backlog = Array.from({ length: BACKLOG_BATCH }, (_, i) => i);
    const run = handle(backlog, h);
    await flush();
    expect(h.stored).toEqual([backlog]);
    expect(h.paused()).toBe(0);
    expect(run.done).toBe(true);
  });
});
