import { newId } from '@bindery/platform';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '../../src/search/search-text';
import { type IndexedPage, SEARCH_SQL, SearchRepository } from '../../src/search/search.repository';
import { scratchContentDataSource } from './scratch-content';

// The search statement on real Postgres: its answers against a plain reading of the index (each
// matching section scored, pages ranked by their best section), and the plan Postgres keeps for it
// once spaces differ in size (one large space beside small ones, as in any real organization).
let ds: DataSource;
let repository: SearchRepository;
const WORDS = ['harbour', 'lantern', 'meadow', 'quartz', 'saffron', 'timber'];
const LARGE = 'large';
const SMALL = Array.from({ length: 8 }, (_, i) => `small${i}`);

/** A deterministic text of `n` words of WORDS. */
const words = (seed: number, n: number) =>
  Array.from({ length: n }, (_, i) => WORDS[(seed * 7 + i * (seed % 5) + i * i) % WORDS.length]).join(' ');

function pages(count: number, sections: (p: number) => number): IndexedPage[] {
  return Array.from({ length: count }, (_, p) => ({
    pageId: `p${String(p).padStart(4, '0')}`,
    title: `Page ${p} ${WORDS[p % WORDS.length]}`,
    description: '',
    path: `page-${p}`,
    ancestors: [],
    sections: Array.from({ length: sections(p) }, (_, s) => ({
      heading: s === 0 ? '' : `Part ${s}`,
      anchor: null,
      body: words(p + s, 3 + ((p + s) % 9)),
    })),
    words: [],
  }));
}

async function indexSpace(spaceId: string, indexed: IndexedPage[]): Promise<void> {
  await ds.query(
    `INSERT INTO spaces (id, organization_id, title, revision_id, share_key, position, created_at, updated_at) VALUES ($1, 'org', $1, 'r1', $1, $1, now(), now())`,
    [spaceId],
  );
  await ds.transaction(async (manager) => {
    await repository.markIndexed(manager, spaceId, { revisionId: 'r1', config: 'english', outlines: {} }, false);
    await repository.insertPages(manager, spaceId, 'english', indexed);
  });
}

beforeAll(async () => {
  ds = await scratchContentDataSource('search', 2);
  repository = new SearchRepository(ds);
  await indexSpace(
    LARGE,
    pages(800, (p) => 1 + (p % 4)),
  );
  for (const [i, space] of SMALL.entries())
    await indexSpace(
      space,
      pages(4 + i, () => 1),
    );
  await ds.query('ANALYZE search_spaces, search_pages, search_sections');
});

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
});

interface Expected {
  spaceId: string;
  pageId: string;
  score: number;
  rank: number;
  sections: number[];
}

/** What a search should answer, from each matching section's score (the statement's own formula), ranked in JS. */
async function expected(spaceIds: string[], text: string, offset: number, take: number, shown: number, perPage: number) {
  const rows: Array<{ space_id: string; page_id: string; idx: number; score: number }> = await ds.query(
    `SELECT s.space_id, s.page_id, s.idx, ts_rank_cd(s.tsv, q) + CASE WHEN s.title_tsv @@ q THEN 1.0 ELSE 0 END AS score
       FROM search_sections s, to_tsquery(s.config::regconfig, $2) q WHERE s.space_id = ANY($1) AND s.tsv @@ q`,
    [spaceIds, text],
  );
  const byPage = new Map<string, typeof rows>();
  for (const row of rows) byPage.set(`${row.space_id}/${row.page_id}`, [...(byPage.get(`${row.space_id}/${row.page_id}`) ?? []), row]);
  const ranked = [...byPage.values()]
    .map((sections) => ({ sections, score: Math.max(...sections.map((s) => s.score)) }))
    .sort(
      (a, b) =>
        b.score - a.score || cmp(a.sections[0].space_id, b.sections[0].space_id) || cmp(a.sections[0].page_id, b.sections[0].page_id),
    );
  const hits: Expected[] = ranked.slice(offset, offset + take).map((page, i) => ({
    spaceId: page.sections[0].space_id,
    pageId: page.sections[0].page_id,
    score: page.score,
    rank: offset + i + 1,
    sections:
      i < shown
        ? [...page.sections]
            .sort((a, b) => b.score - a.score || a.idx - b.idx)
            .slice(0, perPage)
            .map((s) => s.idx)
        : [],
  }));
  return { hits, total: ranked.length };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe('search on Postgres', () => {
  it('answers what a plain ranking of the matching sections answers, for many queries, pages and spaces', async () => {
    const queries = [['harbour'], ['harb'], ['lantern', 'meadow'], ['quartz', 'sa'], ['page', '3'], ['part'], ['nothing']];
    const spaceSets = [[LARGE], [SMALL[0]], [SMALL[5]], [LARGE, ...SMALL], SMALL.slice(0, 3)];
    let compared = 0;
    for (const spaceIds of spaceSets)
      for (const words of queries)
        for (const typing of [true, false])
          for (const [offset, take, shown, perPage] of [
            [0, 21, 20, 3],
            [20, 21, 20, 3],
            [3, 6, 5, 1],
            [290, 21, 20, 2],
          ]) {
            const query = searchQuery(words, typing);
            const want = await expected(spaceIds, query.text, offset, take, shown, perPage);
            const got = await repository.search(spaceIds, query, { offset, take, shown, perPage });
            expect(
              got.map((h) => ({
                spaceId: h.spaceId,
                pageId: h.pageId,
                score: h.score,
                rank: h.rank,
                sections: h.sections.map((s) => s.idx),
              })),
            ).toEqual(want.hits);
            for (const hit of got) expect(hit.total).toBe(want.total);
            // A space as judged (still so): the same answer.
            if (spaceIds.length === 1)
              expect(
                await repository.searchJudged({ id: spaceIds[0], organizationId: 'org', defaultLevel: 'inherit' }, query, {
                  offset,
                  take,
                  shown,
                  perPage,
                }),
              ).toEqual(got);
            compared += want.hits.length;
          }
    // The cases above do reach pages (not only empty answers).
    expect(compared).toBeGreaterThan(1_000);
  });

  it('searches one space on the plan Postgres keeps, not a plan made for each call, when spaces differ in size', async () => {
    const client = await (ds.driver as unknown as { master: Pool }).master.connect();
    try {
      // The search of a space read first, and of a space as judged (its columns from $9).
      for (const [text, judged] of [
        [SEARCH_SQL.oneSpace, false],
        [SEARCH_SQL.judgedSpace, true],
      ] as const) {
        const name = `search_${newId()}`;
        for (let i = 0; i < 12; i++) {
          const query = searchQuery([WORDS[i % WORDS.length]], true);
          const space = SMALL[i % SMALL.length];
          await client.query({
            name,
            text,
            values: [space, query.text, 0, 21, 20, 3, query.exact, null, ...(judged ? [space, 'org', 'inherit'] : [])],
          });
        }
        const [plans] = (await client.query('SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1', [name])).rows;
        // Postgres plans the first five calls for their values, then keeps the generic plan if it costs no more.
        expect({ generic: Number(plans.generic_plans), custom: Number(plans.custom_plans) }).toEqual({ generic: 7, custom: 5 });
      }
    } finally {
      client.release();
    }
  });

  it('keys each section by the digest of its configuration and text, kept when the section is written again', async () => {
    const page = (body: string, heading = ''): IndexedPage => ({
      pageId: 'k1',
      title: 'Keyed',
      description: '',
      path: 'keyed',
      ancestors: [],
      sections: [
        { heading: 'Intro', anchor: null, body },
        { heading, anchor: null, body: '' },
      ],
      words: [],
    });
    const excerpts = async () =>
      (await repository.search(['keyed'], searchQuery(['harbour'], false), { offset: 0, take: 2, shown: 1, perPage: 2 }))[0].sections
        .map((s) => s.excerpt)
        .sort();
    await indexSpace('keyed', [page('harbour alpha', 'harbour heading')]);
    expect(await excerpts()).toEqual(['<mark>harbour</mark> alpha', '<mark>harbour</mark> heading']);
    // Held by now: a section written again with another text must not show the excerpt of the old one.
    expect(await excerpts()).toEqual(['<mark>harbour</mark> alpha', '<mark>harbour</mark> heading']);
    await ds.transaction((manager) => repository.insertPages(manager, 'keyed', 'english', [page('harbour bravo', 'harbour title')]));
    expect(await excerpts()).toEqual(['<mark>harbour</mark> bravo', '<mark>harbour</mark> title']);
    const rows: Array<{ keyed: boolean }> = await ds.query(
      `SELECT excerpt_key = encode(sha256(convert_to(config || ':' || CASE WHEN body = '' THEN heading ELSE body END, 'UTF8')), 'base64') AS keyed
         FROM search_sections WHERE space_id = ANY($1)`,
      [['keyed', LARGE]],
    );
    expect(rows.length).toBeGreaterThan(800);
    expect(rows.every((r) => r.keyed)).toBe(true);
  });
});
