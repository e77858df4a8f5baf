import { SpaceMergeTurns } from './space-merge-turns';

/** A merge the test finishes by hand, recording when it started. */
function heldMerge(log: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  const merge = () => {
    log.push(`start ${name}`);
    return done;
  };
  return { merge, finish, fail };
}

/** Lets every settled promise's callbacks run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('SpaceMergeTurns', () => {
  it('starts a merge into a space only once the one before it is done, in arrival order', async () => {
    const turns = new SpaceMergeTurns();
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldMerge(log, name));
    const results = [turns.run('s1', a.merge), turns.run('s1', b.merge), turns.run('s1', c.merge)];
    await settle();
    expect(log).toEqual(['start a']);
    a.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    c.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'start b', 'start c']);
    expect(turns.isBusy('s1')).toBe(false);
  });

  it('lets merges into different spaces run together', async () => {
    const turns = new SpaceMergeTurns();
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => heldMerge(log, name));
    const results = [turns.run('s1', a.merge), turns.run('s2', b.merge)];
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    a.finish();
    b.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b']);
  });

  it('answers a failed merge with its error and passes the turn on', async () => {
    const turns = new SpaceMergeTurns();
    const log: string[] = [];
    const [a, b] = ['a', 'b'].map((name) => heldMerge(log, name));
    const first = turns.run('s1', a.merge);
    const second = turns.run('s1', b.merge);
    a.fail(new Error('conflict'));
    await expect(first).rejects.toThrow('conflict');
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    b.finish();
    await expect(second).resolves.toBe('b');
  });

  it('merges at once, without a turn, when the space already has as many merges waiting as the bound', async () => {
    const turns = new SpaceMergeTurns({ maxWaiting: 1, maxWaitMs: 60_000 });
    const log: string[] = [];
    const [a, b, c] = ['a', 'b', 'c'].map((name) => heldMerge(log, name));
    const results = [turns.run('s1', a.merge), turns.run('s1', b.merge), turns.run('s1', c.merge)];
    await settle();
    // a runs, b waits (the one place), c is refused a place and merges at once.
    expect(log).toEqual(['start a', 'start c']);
    a.finish();
    c.finish();
    b.finish();
    await expect(Promise.all(results)).resolves.toEqual(['a', 'b', 'c']);
  });

  describe('with a clock the test moves', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('merges at once, without a turn, once it has waited as long as the bound', async () => {
      const turns = new SpaceMergeTurns({ maxWaiting: 16, maxWaitMs: 2_000 });
      const log: string[] = [];
      const [a, b] = ['a', 'b'].map((name) => heldMerge(log, name));
      const results = [turns.run('s1', a.merge), turns.run('s1', b.merge)];
      await jest.advanceTimersByTimeAsync(1_999);
      expect(log).toEqual(['start a']);
      await jest.advanceTimersByTimeAsync(1);
      expect(log).toEqual(['start a', 'start b']);
      b.finish();
      a.finish();
      await expect(Promise.all(results)).resolves.toEqual(['a', 'b']);
      expect(turns.isBusy('s1')).toBe(false);
    });
  });

  describe('what merges of this process committed since a merge entered', () => {
    it('tells a merge the revision the latest merge into its space committed after it entered, and nothing before', () => {
      const turns = new SpaceMergeTurns();
      const earlier = turns.enter('s1');
      turns.committed(earlier, 'r1');
      const later = turns.enter('s1');
      expect(turns.committedSince(later)).toBeUndefined();
      turns.committed(earlier, 'r2');
      turns.committed(later, 'r3');
      expect(turns.committedSince(earlier)).toBe('r3');
      expect(turns.committedSince(later)).toBe('r3');
    });

    it('keeps the commits of each space apart', () => {
      const turns = new SpaceMergeTurns();
      const [a, b] = [turns.enter('s1'), turns.enter('s2')];
      turns.committed(a, 'r1');
      expect(turns.committedSince(a)).toBe('r1');
      expect(turns.committedSince(b)).toBeUndefined();
    });

    it('forgets a space once its last merge in flight has left', () => {
      const turns = new SpaceMergeTurns();
      const [a, b] = [turns.enter('s1'), turns.enter('s1')];
      turns.committed(a, 'r1');
      turns.leave(a);
      expect(turns.spacesMerging).toBe(1);
      expect(turns.committedSince(b)).toBe('r1');
      turns.leave(b);
      expect(turns.spacesMerging).toBe(0);
      // A merge entering afterwards starts from what it reads: nothing committed since.
      expect(turns.committedSince(turns.enter('s1'))).toBeUndefined();
    });
  });
});
