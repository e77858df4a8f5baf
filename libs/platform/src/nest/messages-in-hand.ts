/** Messages a service is handling right now (counted by `MessageScope`, and each queued reply until it is sent). */
let inHand = 0;
let settledWaiters: Array<() => void> = [];

export const messagesInHand = {
  started(): void {
    inHand++;
  },
  finished(): void {
    inHand--;
    if (inHand > 0) return;
    const waiters = settledWaiters;
    settledWaiters = [];
    for (const wake of waiters) wake();
  },
  count: (): number => inHand,
  /** Resolves when no message is in hand, or after `maxMs`. */
  settled(maxMs: number): Promise<void> {
    if (inHand <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, maxMs);
      function done(): void {
        clearTimeout(timer);
        settledWaiters = settledWaiters.filter((w) => w !== done);
        resolve();
      }
      settledWaiters.push(done);
    });
  },
};
