import { pageStatements, SEARCH_SQL, SearchRepository, type IndexedPage } from './search.repository';

// Nest 12 is ESM: the repository's decorator is not what this test reads.
jest.mock('@nestjs/common', () => ({ Injectable: () => () => undefined }));

const page = (pageId: string, bodies: string[]): IndexedPage => ({
  pageId,
  title: pageId,
  description: '',
  path: pageId,
  ancestors: [],
  sections: bodies.map((body, i) => ({ heading: `H${i}`, anchor: null, body })),
  words: [],
});

describe('SearchRepository', () => {
  it('searches one space with its id as the parameter (a plan Postgres keeps), several with an array', async () => {
    const calls: Array<{ text: string; values: unknown[] }> = [];
    const master = {
      query: (text: string, values: unknown[]) => {
        calls.push({ text, values });
        return Promise.resolve({ rows: [] });
      },
    };
    const repository = new SearchRepository({ driver: { master } } as never);
    const paging = { offset: 0, take: 21, shown: 20, perPage: 3 };
    await repository.search(['s1'], { text: "'word'", exact: "'word'" }, paging);
    await repository.search(['s1', 's2'], { text: "'word'", exact: "'word'" }, paging);
    expect(calls.map((c) => [c.text, c.values[0]])).toEqual([
      [SEARCH_SQL.oneSpace, 's1'],
      [SEARCH_SQL.spaces, ['s1', 's2']],
    ]);
    expect(SEARCH_SQL.oneSpace).not.toContain('ANY($1');
  });

  it('reads the excerpt key stored with each section shown, digesting no text', () => {
    for (const sql of [SEARCH_SQL.oneSpace, SEARCH_SQL.spaces]) {
      expect(sql).toContain('s.excerpt_key AS excerpt_key');
      expect(sql).not.toMatch(/sha256/);
    }
  });

  it('names the excerpts it holds when a search runs again, and makes the others in that statement', async () => {
    const calls: Array<{ text: string; values: unknown[] }> = [];
    let sectionKey = 'k1';
    const master = {
      query: (text: string, values: unknown[]) => {
        calls.push({ text, values });
        if (text !== SEARCH_SQL.oneSpace) return Promise.resolve({ rows: [{ i: '1', excerpt_key: sectionKey, excerpt: 'fetched' }] });
        // The statement makes the excerpt of a section whose key it was not given (none when given null).
        const held = values[7] as string[] | null;
        const page = { space_id: 's1', page_id: 'p1', score: 1, rank: '1', total: '1', spaces: '1', idx: null };
        const section = { space_id: 's1', page_id: 'p1', score: 1, idx: 0, heading: 'H', anchor: null, title_hit: false };
        const excerpt = held === null || held.includes(sectionKey) ? null : `made for ${sectionKey}`;
        return Promise.resolve({ rows: [page, { ...section, excerpt_key: sectionKey, excerpt }] });
      },
    };
    const repository = new SearchRepository({ driver: { master } } as never);
    const search = async (space = 's1') => {
      calls.length = 0;
      const [hit] = await repository.search([space], { text: "'word'", exact: "'word'" }, { offset: 0, take: 21, shown: 20, perPage: 3 });
      return { excerpt: hit.sections[0].excerpt, statements: calls.length, held: calls[0].values[7] };
    };
    // A query no excerpt is held for: the search makes them all, in one round trip.
    expect(await search()).toEqual({ excerpt: 'made for k1', statements: 1, held: [] });
    // Run again: the excerpt held is named, and served from memory.
    expect(await search()).toEqual({ excerpt: 'made for k1', statements: 1, held: ['k1'] });
    // The section's text changed (another key): its excerpt is made by the search itself, in one round trip.
    sectionKey = 'k2';
    expect(await search()).toEqual({ excerpt: 'made for k2', statements: 1, held: ['k1'] });
    expect(await search()).toEqual({ excerpt: 'made for k2', statements: 1, held: ['k2'] });
    // Not run before, for a query some excerpts are held for (the same text elsewhere): the search
    // makes none; one held is served from memory, a missing one made in a second statement.
    expect(await search('s2')).toEqual({ excerpt: 'made for k2', statements: 1, held: null });
    sectionKey = 'k3';
    expect(await search('s3')).toEqual({ excerpt: 'fetched', statements: 2, held: null });
  });

  it('searches a space as judged with its remembered columns, and answers null when the statement finds it changed', async () => {
    const calls: Array<{ text: string; values: unknown[] }> = [];
    let still = true;
    const master = {
      query: (text: string, values: unknown[]) => {
        calls.push({ text, values });
        const page = { space_id: 's1', page_id: 'p1', score: 1, rank: '1', total: '1', spaces: '1', idx: null };
        return Promise.resolve({ rows: still ? [page] : [{ space_id: null, page_id: null, idx: null }] });
      },
    };
    const repository = new SearchRepository({ driver: { master } } as never);
    const judged = { id: 's1', organizationId: 'o1', defaultLevel: 'inherit' as const };
    const paging = { offset: 0, take: 21, shown: 20, perPage: 3 };
    const query = { text: "'word'", exact: "'word'" };
    expect((await repository.searchJudged(judged, query, paging))?.map((h) => h.pageId)).toEqual(['p1']);
    expect(calls[0].text).toBe(SEARCH_SQL.judgedSpace);
    expect(calls[0].values).toEqual(['s1', "'word'", 0, 21, 20, 3, "'word'", [], 's1', 'o1', 'inherit']);
    still = false;
    expect(await repository.searchJudged(judged, query, paging)).toBeNull();
  });

  it('writes pages over their rows: no delete of a written page, its sections past the new count removed', () => {
    const statements = pageStatements('s1', 'english', [page('p1', ['a', 'b', 'c']), page('p2', ['d'])]);
    expect(statements.some(([sql]) => /DELETE FROM search_pages/.test(sql))).toBe(false);
    const trim = statements.find(([sql]) => /DELETE FROM search_sections/.test(sql));
    expect(trim?.[1]).toEqual(['s1', ['p1', 'p2'], [3, 1]]);
    const sections = statements.find(([sql]) => /INSERT INTO search_sections/.test(sql));
    expect(sections?.[0]).toMatch(/ON CONFLICT \(space_id, page_id, idx\) DO UPDATE/);
    expect(sections?.[1][3]).toEqual([0, 1, 2, 0]);
  });
});
