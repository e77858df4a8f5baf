import { encodeCursor } from './cursor';
import { keysetPage, pagedList } from './keyset-page';

describe('keysetPage', () => {
  it('fetches one row more than the limit, after the decoded cursor', () => {
    expect(keysetPage({ limit: 10 })).toEqual({ limit: 10, take: 11, after: undefined });
    expect(keysetPage({ limit: 2, page: encodeCursor(['2026-01-01T00:00:00.000Z', 'a']) })).toEqual({
      limit: 2,
      take: 3,
      after: ['2026-01-01T00:00:00.000Z', 'a'],
    });
    expect(keysetPage({ page: encodeCursor(['f1']) }, 1).after).toEqual(['f1']);
  });

  it('refuses a bad limit or a cursor of another shape with a 400 naming the field', () => {
    expect(() => keysetPage({ limit: 0 })).toThrow(/limit: must be an integer between 1 and/);
    expect(() => keysetPage({ page: encodeCursor(['only-one']) })).toThrow(/page: invalid page cursor/);
  });
});

describe('pagedList', () => {
  const rows = ['a', 'b', 'c'].map((id, i) => ({ id, n: i }));
  const fetch = (take: number, after?: Array<string | number | null>) => {
    const from = after ? rows.findIndex((r) => r.id === after[1]) + 1 : 0;
    return Promise.resolve({ rows: rows.slice(from, from + take), count: rows.length });
  };

  it('walks every row once, page by page', async () => {
    const first = await pagedList(
      { limit: 2 },
      fetch,
      (r) => [r.n, r.id],
      (r) => r.id,
    );
    expect(first.items).toEqual(['a', 'b']);
    expect(first.count).toBe(3);
    const second = await pagedList(
      { limit: 2, page: first.next!.page },
      fetch,
      (r) => [r.n, r.id],
      (r) => r.id,
    );
    expect(second.items).toEqual(['c']);
    expect(second.next).toBeUndefined();
  });
});
