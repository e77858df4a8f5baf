import type { SpaceEntity } from './space.entity';
import { SpaceReadBatch, type SpaceRow } from './space-read-batch';

/** A table of space rows standing in for Postgres, recording each statement's ids (and whether it read counters). */
function fakeTable(titles: Record<string, string>) {
  const statements: string[][] = [];
  const counted: boolean[] = [];
  const readMany = (ids: string[], withCounters: boolean): Promise<SpaceRow[]> => {
    statements.push(ids);
    counted.push(withCounters);
    return Promise.resolve(
      ids
        .filter((id) => titles[id] !== undefined)
        .map((id) => ({
          space: { id, title: titles[id] } as SpaceEntity,
          counters: withCounters ? { changeRequests: id.length, changeRequestsOpen: 0, changeRequestsDraft: 0, comments: 1 } : undefined,
        })),
    );
  };
  return { statements, counted, readMany };
}

describe('SpaceReadBatch', () => {
  it('reads the spaces asked for in one turn in one statement, each answer its own row', async () => {
    const table = fakeTable({ a: 'A', b: 'B' });
    const batch = new SpaceReadBatch(table.readMany);
    const [a, b, unknown, again] = await Promise.all([batch.read('a'), batch.read('b'), batch.read('x'), batch.read('a')]);
    expect(table.statements).toEqual([['a', 'b', 'x']]);
    expect([a?.title, b?.title, unknown, again?.title]).toEqual(['A', 'B', null, 'A']);
    // Two requests of one space do not share one object: one may change its row.
    expect(again).not.toBe(a);
  });

  it('reads a space read (with counters) in the same statement as the plain reads of its turn', async () => {
    const table = fakeTable({ a: 'A', bb: 'B' });
    const batch = new SpaceReadBatch(table.readMany);
    const [a, counted, unknown, plainAgain] = await Promise.all([
      batch.read('a'),
      batch.readCounted('bb'),
      batch.readCounted('x'),
      batch.read('bb'),
    ]);
    expect(table.statements).toEqual([['a', 'bb', 'x']]);
    expect(table.counted).toEqual([true]);
    expect(a?.title).toBe('A');
    expect(counted).toEqual({
      space: { id: 'bb', title: 'B' },
      counters: { changeRequests: 2, changeRequestsOpen: 0, changeRequestsDraft: 0, comments: 1 },
    });
    expect(unknown).toBeNull();
    expect(plainAgain).toEqual({ id: 'bb', title: 'B' });
    expect(plainAgain).not.toBe(counted?.space);
  });

  it('reads no counters for a turn of plain reads only', async () => {
    const table = fakeTable({ a: 'A' });
    const batch = new SpaceReadBatch(table.readMany);
    await Promise.all([batch.read('a'), batch.read('b')]);
    expect(table.counted).toEqual([false]);
  });

  it('reads again in a later turn, so a write committed in between is seen', async () => {
    const titles = { a: 'before' };
    const table = fakeTable(titles);
    const batch = new SpaceReadBatch(table.readMany);
    expect((await batch.read('a'))?.title).toBe('before');
    titles.a = 'after';
    expect((await batch.read('a'))?.title).toBe('after');
    expect(table.statements).toEqual([['a'], ['a']]);
  });

  it('fails every read of a failed statement', async () => {
    const batch = new SpaceReadBatch(() => Promise.reject(new Error('connection lost')));
    const reads = await Promise.allSettled([batch.read('a'), batch.read('b')]);
    expect(reads.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});
