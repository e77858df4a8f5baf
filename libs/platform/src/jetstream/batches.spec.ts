import { inBatches } from './batches';

/** An async source whose items are pushed by the test: those pushed together wait together. */
function source<T>(): { items: AsyncIterable<T>; push: (...values: T[]) => void; end: () => void } {
  const waiting: T[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const items = (async function* () {
    for (;;) {
      while (waiting.length > 0) yield waiting.shift()!;
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  })();
  return {
    items,
    push: (...values) => {
      waiting.push(...values);
      wake?.();
    },
    end: () => {
      ended = true;
      wake?.();
    },
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('inBatches', () => {
  it('hands over together what waits together, and waits for nothing more', async () => {
    const { items, push, end } = source<number>();
    const batches: number[][] = [];
    push(1, 2, 3);
    const running = inBatches(items, 64, (batch) => {
      batches.push(batch);
      return Promise.resolve();
    });
    // A batch is not held back for items that have not come: [1, 2, 3] is handled before 4 arrives.
    await nextTurn();
    await nextTurn();
    expect(batches).toEqual([[1, 2, 3]]);
    push(4);
    await nextTurn();
    await nextTurn();
    push(5, 6);
    end();
    await running;
    expect(batches).toEqual([[1, 2, 3], [4], [5, 6]]);
  });

  it('takes what came while a batch was handled as the next one, at most maxBatch at a time', async () => {
    const { items, push, end } = source<number>();
    const batches: number[][] = [];
    let release!: () => void;
    const handled = new Promise<void>((resolve) => (release = resolve));
    push(1);
    const running = inBatches(items, 3, async (batch) => {
      batches.push(batch);
      if (batch[0] === 1) await handled;
    });
    await nextTurn();
    await nextTurn();
    expect(batches).toEqual([[1]]);
    push(2, 3, 4, 5);
    end();
    release();
    await running;
    expect(batches).toEqual([[1], [2, 3, 4], [5]]);
  });
});
