import { messagesInHand } from './messages-in-hand';

describe('messagesInHand (what a stopping service waits for)', () => {
  it('is settled at once when nothing is in hand: an idle service stops without a grace period', async () => {
    // Settled before any timer can fire: a zero-delay timer loses the race.
    const first = await Promise.race([
      messagesInHand.settled(10_000).then(() => 'settled'),
      new Promise((resolve) => setTimeout(() => resolve('timer'), 0)),
    ]);
    expect(first).toBe('settled');
  });

  it('waits until the last message in hand is answered', async () => {
    messagesInHand.started();
    messagesInHand.started();
    let settled = false;
    const waiting = messagesInHand.settled(10_000).then(() => (settled = true));
    messagesInHand.finished();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(settled).toBe(false);
    messagesInHand.finished();
    await waiting;
    expect(messagesInHand.count()).toBe(0);
  });

  it('gives up after the grace period when a handler never finishes', async () => {
    messagesInHand.started();
    const started = Date.now();
    await messagesInHand.settled(50);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    messagesInHand.finished();
  });
});
