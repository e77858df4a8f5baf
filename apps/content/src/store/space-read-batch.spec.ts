import type { SpaceEntity } from './space.entity';
import { SpaceReadBatch } from './space-read-batch';

/** A table of space rows standing in for Postgres, recording each statement's ids. */
function fakeTable(titles: Record<string, string>) {
  const statements: string[][] = [];
  const readMany = (ids: string[]): Promise<SpaceEntity[]> => {
    statements.push(ids);
    return Promise.resolve(ids.filter((id) => titles[id] !== undefined).map((id) => ({ id, title: titles[id] }) as SpaceEntity));
  };
  return { statements, readMany };
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
