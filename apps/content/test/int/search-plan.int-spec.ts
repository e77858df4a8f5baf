import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchQuery } from '../../src/search/search-text';
import { type IndexedPage, SEARCH_SQL, SearchRepository } from '../../src/search/search.repository';
import { scratchContentDataSource } from './scratch-content';

// The plan a search of one space runs on (Postgres's generic plan, see `SEARCH_SQL`) when the
// database holds one large space beside a small one: an organization's handbook beside a team's
// notes. The generic plan is costed for an average space; it must not read the whole table then.
let ds: DataSource;
let repository: SearchRepository;
const LARGE = 'large';
const SMALL = 'small';

function pages(count: number, sections: number): IndexedPage[] {
  return Array.from({ length: count }, (_, p) => ({
    pageId: `p${p}`,
    title: `Page ${p}`,
    description: '',
    path: `page-${p}`,
    ancestors: [],
    sections: Array.from({ length: sections }, (_, s) => ({ heading: `Part ${s}`, anchor: null, body: `harbour lantern ${p} ${s}` })),
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
  ds = await scratchContentDataSource('search_plan', 2);
  repository = new SearchRepository(ds);
  await indexSpace(LARGE, pages(500, 3));
  await indexSpace(SMALL, pages(40, 1));
  await ds.query('ANALYZE search_spaces, search_pages, search_sections');
}, 300_000);

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
});

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)];

describe('the search plan', () => {
  it("reads a small space's sections by key on the generic plan, not the whole table, beside a large space", async () => {
    const query = searchQuery(['harb'], true);
    // The search of a space read first, and of a space as judged (its columns from $9).
    for (const [sql, judged] of [
      [SEARCH_SQL.oneSpace, ''],
      [SEARCH_SQL.judgedSpace, ", %L, 'org', 'inherit'"],
    ] as const) {
      // EXPLAIN EXECUTE takes no bind parameters: the values are written in as literals.
      const [{ explain }]: Array<{ explain: string }> = await ds.query(
        `SELECT format('EXPLAIN (FORMAT JSON) EXECUTE one_space (%L, %L, 0, 21, 20, 3, %L, NULL${judged.replaceAll("'", "''")})', $1::text, $2::text, $3::text, $1::text) AS explain`,
        [SMALL, query.text, query.exact],
      );
      const types = judged ? ', text, text, text' : '';
      const plans = await ds.transaction(async (manager) => {
        await manager.query('SET LOCAL plan_cache_mode = force_generic_plan');
        await manager.query(`PREPARE one_space (text, text, int, int, int, int, text, text[]${types}) AS ${sql}`);
        const [row]: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }> = await manager.query(explain);
        await manager.query('DEALLOCATE one_space');
        return nodes(row['QUERY PLAN'][0].Plan);
      });
      const sectionScans = plans.filter((n) => n['Relation Name'] === 'search_sections').map((n) => n['Node Type']);
      expect(sectionScans.length).toBeGreaterThan(0);
      expect(sectionScans).not.toContain('Seq Scan');
    }
    // And it answers the small space's pages.
    const hits = await repository.search([SMALL], query, { offset: 0, take: 41, shown: 40, perPage: 1 });
    expect(hits.map((h) => h.spaceId)).toEqual(Array.from({ length: 40 }, () => SMALL));
  });
});
