import { isGuardFailure, preparedQuery, WriteBatch } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { StoredReusableContent } from '../model/reusable-contents';
import { EXCERPT_TEXT_KEY_SQL, EXCERPT_TEXT_SQL, headlineSql, SearchExcerpts } from './search-excerpts';
import { type JudgedSpace, judgedSpaceParams, spaceAsJudgedSql } from '../store/remembered-spaces';
import type { SearchQuery } from './search-text';

/**
 * What the index holds of a space: the main revision it reflects, its text search configuration,
 * and the spec outlines its generated pages came from (slug → outline hash, null when the spec had
 * no outline yet).
 */
export interface IndexedSpace {
  revisionId: string;
  config: string;
  outlines: SpecOutlines;
}

export type SpecOutlines = Record<string, string | null>;

/** What an indexing run reads of a revision: its top-level page node hashes and its reusable contents. */
export interface RevisionContent {
  id: string;
  pages: string[];
  reusableContents: StoredReusableContent[];
}

export interface IndexedPage {
  pageId: string;
  title: string;
  description: string;
  path: string;
  ancestors: Array<{ title: string }>;
  sections: Array<{ heading: string; anchor: string | null; body: string }>;
  words: string[];
  /** The computed page this page is generated from; absent for a page of the tree. */
  generatedBy?: string;
}

/** What an incremental indexing run writes (`SearchRepository.writeIndexed`). */
export interface IndexWrite {
  state: IndexedSpace;
  /** Pages to write: changed pages of the tree and the generated pages of `regenerated`. */
  pages: IndexedPage[];
  /** Pages of the indexed revision gone from the new one. */
  removed: string[];
  /** Computed pages whose generated pages are written again: those of them not in `pages` are removed. */
  regenerated: string[];
}

/** A matching page: its rank in the whole result, the result's totals, what is shown of it and its best sections. */
export interface PageHit {
  spaceId: string;
  pageId: string;
  score: number;
  rank: number;
  total: number;
  /** Distinct spaces among all the matching pages. */
  spaces: number;
  title: string;
  description: string;
  path: string;
  ancestors: Array<{ title: string }>;
  /** The best matching sections, best first (only for the pages of the page asked, not the look-ahead row). */
  sections: SectionHit[];
}

export interface SectionHit {
  idx: number;
  heading: string;
  anchor: string | null;
  excerpt: string;
  score: number;
  titleHit: boolean;
}

/** Which pages of the result a search answers: `offset` skipped, `take` answered, the first `shown` with their best `perPage` sections. */
export interface SearchPaging {
  offset: number;
  take: number;
  shown: number;
  perPage: number;
}

/** A row of `SEARCH_SQL`: a page (`idx` null, the section's columns null) or a section shown (the page's columns null). */
interface SearchRow {
  /** Null only in the judged search's row of a space no longer as judged (`searchJudged` answers null then). */
  space_id: string;
  page_id: string;
  score: number;
  rank: string | null;
  total: string | null;
  spaces: string | null;
  title: string | null;
  description: string | null;
  path: string | null;
  ancestors: Array<{ title: string }> | null;
  idx: number | null;
  heading: string | null;
  anchor: string | null;
  title_hit: boolean | null;
  excerpt_key: string | null;
  excerpt: string | null;
}

/** What `SearchExcerpts` knows a search by: its spaces, query and page (judged or not, the same search). */
const searchKey = (spaceIds: string[], query: SearchQuery, paging: SearchPaging): string => JSON.stringify([spaceIds, query.text, paging]);

/** Rows per insert statement while indexing. */
const CHUNK = 1000;

/**
 * A hit in the page title counts more than any body match; in a heading, more than in the text.
 * The bonus is a float8 constant (the sum is float8 either way): a numeric `1.0` was converted to
 * float8 for every matching section.
 */
const SCORE_SQL = `ts_rank_cd(s.tsv, q.q) + CASE WHEN s.title_tsv @@ q.q THEN 1::float8 ELSE 0::float8 END`;

/**
 * `SearchRepository.search`: $1 space ids, $2 the tsquery text, $3 offset, $4 pages answered, $5
 * pages shown (with sections), $6 sections per page, $7 the tsquery text without the word being
 * typed (null: none), $8 the excerpt keys not to make an excerpt for (null: make none); the
 * judged search only: $9 to $11 the space as judged (see `JUDGED_CTE`). Answers
 * one row per page (`idx` null) and one per section shown (`total` null). `q` is materialized so
 * each configuration's query is parsed once.
 *
 * The candidate sections come from one of two branches, chosen per configuration by a one-time
 * filter (so a generic plan serves both): with settled words, the (space_id, tsv) GIN index
 * intersects the spaces' entries with the words' (only the matching sections of the spaces asked
 * are read, however many spaces the database holds); with only a word being typed, the spaces'
 * sections by key (a prefix match in the index would first collect every space's sections holding
 * any word with that prefix). Either way `tsv @@ q` then checks the whole query.
 *
 * `matched` scores each section once and keeps one row per page, its best section's score (no
 * numbering of every matching section). The score is computed below the grouping (`OFFSET 0`
 * keeps the subquery from being flattened into it): else the sort that groups the sections by page
 * copies each matching section's two vectors, not its page and score (on a 2,000-page space,
 * 6,000 sections, that copying was about a third of the statement's CPU). Only the pages up to the page asked are ordered (`top`: a
 * bounded sort keeps `$3 + $4` rows, not every match) and numbered; the whole result's counts
 * come from `matched`, once. The best `$6` sections of each page shown are read again by key and
 * scored again in the same snapshot (a few sections per page, where joining every matching
 * section to the pages shown cost a comparison per pair: 40,000 for a 2,000-page space), with
 * what a section row shows: the shown pages' sections in one join, numbered per page by one
 * window (one sort for all the pages shown, not a sort, a limit and a rescan of `q` per page: about 3
 * to 5 % of the statement's backend CPU, counted on 40- and 2,000-page spaces). Pages and sections come as rows of one UNION (not JSON per page:
 * measured, the aggregation and the join of its result cost more than the excerpts). A section
 * shown answers the key of its excerpt (stored with the section: digesting it here cost 8 to
 * 15 % of the statement's backend CPU on a 40-page space), and the excerpt only when its key is not in $8:
 * `ts_headline` was two thirds of the statement's time, and is made only for the texts and
 * queries `SearchExcerpts` has not seen (see there).
 *
 * `spaces` is how $1 picks the spaces (see `SEARCH_SQL`); one space has one configuration (its
 * `search_spaces` row: no grouping to plan and run).
 */
const searchSql = (spaces: string, oneSpace: boolean, judged = false): string => `WITH ${judged ? JUDGED_CTE : ''}q AS MATERIALIZED (
    SELECT config, to_tsquery(config::regconfig, $2) AS q,
           CASE WHEN $7::text IS NOT NULL THEN to_tsquery(config::regconfig, $7) END AS exact
    FROM search_spaces WHERE ${spaces}${judged ? ' AND (SELECT still FROM judged)' : ''}${oneSpace ? '' : ' GROUP BY config'}
  ),
  matched AS MATERIALIZED (
    SELECT space_id, page_id, max(score) AS score
    FROM (
      SELECT s.space_id, s.page_id, ${SCORE_SQL} AS score
      FROM q CROSS JOIN LATERAL (
        SELECT space_id, page_id, tsv, title_tsv FROM search_sections
         WHERE numnode(q.exact) > 0 AND ${spaces} AND tsv @@ q.exact AND config = q.config
        UNION ALL
        SELECT space_id, page_id, tsv, title_tsv FROM search_sections
         WHERE (q.exact IS NULL OR numnode(q.exact) = 0) AND ${spaces} AND config = q.config
      ) s
      WHERE s.tsv @@ q.q
      OFFSET 0
    ) scored
    GROUP BY space_id, page_id
  ),
  top AS (SELECT * FROM matched ORDER BY score DESC, space_id, page_id LIMIT $3::int + $4::int),
  shown AS MATERIALIZED (
    SELECT * FROM (SELECT top.*, row_number() OVER (ORDER BY score DESC, space_id, page_id) AS rank FROM top) t
    WHERE rank > $3::int
  ),
  totals AS MATERIALIZED (SELECT count(*) AS total, count(DISTINCT space_id) AS spaces FROM matched)
  SELECT shown.space_id, shown.page_id, shown.score, shown.rank, totals.total, totals.spaces,
         sp.title, sp.description, sp.path, sp.ancestors,
         NULL::int AS idx, NULL::text AS heading, NULL::text AS anchor, NULL::boolean AS title_hit, NULL::text AS excerpt_key, NULL::text AS excerpt
  FROM shown CROSS JOIN totals JOIN search_pages sp USING (space_id, page_id)
  UNION ALL
  SELECT b.space_id, b.page_id, b.score, NULL, NULL, NULL, NULL, NULL, NULL, NULL, b.idx, b.heading, b.anchor, b.title_hit,
         b.excerpt_key, CASE WHEN NOT (b.excerpt_key = ANY($8::text[])) THEN ${headlineSql('b.config', 'b.text', 'b.q')} END
  FROM (
    SELECT s.space_id, s.page_id, s.idx, x.score, s.title_tsv @@ q.q AS title_hit, s.heading, s.anchor, ${EXCERPT_TEXT_KEY_SQL} AS excerpt_key,
           ${EXCERPT_TEXT_SQL} AS text, s.config, q.q,
           row_number() OVER (PARTITION BY s.space_id, s.page_id ORDER BY x.score DESC, s.idx) AS n
    FROM shown JOIN search_sections s ON s.space_id = shown.space_id AND s.page_id = shown.page_id JOIN q ON q.config = s.config
      CROSS JOIN LATERAL (SELECT ${SCORE_SQL} AS score) x
    WHERE shown.rank <= $3::int + $5::int AND s.tsv @@ q.q
  ) b
  WHERE b.n <= $6::int${judged ? NOT_AS_JUDGED_ROW : ''}`;

/**
 * The judged search's condition (`SEARCH_SQL.judgedSpace`), read once: the space is still as the
 * remembered row the caller's level was judged on (`spaceAsJudgedSql`, parameters $9 to $11).
 * When it is not, `q` is empty, so nothing is searched, and the statement answers one row with a
 * null space (`NOT_AS_JUDGED_ROW`) where a search that matched nothing answers none.
 */
const JUDGED_CTE = `judged AS MATERIALIZED (SELECT ${spaceAsJudgedSql(9)} AS still),
  `;

const NOT_AS_JUDGED_ROW = `
  UNION ALL
  SELECT NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL FROM judged WHERE NOT still`;

/**
 * The search of one space (every space search, the reader's included) takes $1 as one id, the
 * organization search an array. Planning this statement costs more than running it (counted from
 * /proc, backend CPU per search of a 40-page space: about 2.6 ms planned each time, 1 ms on the
 * cached plan), so it should run on Postgres's cached generic plan; a generic plan of `= ANY($1)`
 * is costed for an array of unknown length, which can lead Postgres to keep planning each call
 * (session 14 measured a custom plan per call). The one space is compared to `(SELECT $1)`, a
 * value the planner does not know in a custom plan either: with `= $1`, a custom plan is costed
 * for the space's own row count, so once the spaces differ in size (one large space beside small
 * ones) every small space's custom plan costs less than the generic plan's average-space estimate,
 * and Postgres planned every call. With the value hidden both cost the same and the generic plan
 * is kept after the five trial plans (the plan itself is the same). The organization search keeps
 * `= ANY($1)`: hidden in the same way, its generic plan reads the words' sections of every space.
 */
export const SEARCH_SQL = {
  oneSpace: searchSql('space_id = (SELECT $1::text)', true),
  /** `oneSpace` on a space not read first, while it is still as judged (see `SearchRepository.searchJudged`). */
  judgedSpace: searchSql('space_id = (SELECT $1::text)', true, true),
  spaces: searchSql('space_id = ANY($1::text[])', false),
};

/** Search tables: each space's main content by section, written by the indexing job, read by search. */
@Injectable()
export class SearchRepository {
  private readonly excerpts: SearchExcerpts;

  constructor(private readonly db: DataSource) {
    this.excerpts = new SearchExcerpts(db);
  }

  /**
   * Serialises the locked runs of one space (two jobs for successive merges may run at once), and
   * holds off the guarded writes (`writeIndexedUnlessChanged`): the space's index row is locked
   * too, so one waits for this transaction and then finds the index moved. The advisory lock
   * covers a space never indexed (no row to lock); a guarded write never takes it.
   */
  async lockSpace(manager: EntityManager, spaceId: string): Promise<void> {
    await manager.query(
      `SELECT pg_advisory_xact_lock(hashtext('search-index:' || $1)), (SELECT 1 FROM search_spaces WHERE space_id = $1 FOR UPDATE)`,
      [spaceId],
    );
  }

  /**
   * The space's main revision, language and organization (null: purged), with the revision and
   * configuration its index reflects (null: never indexed), and what a run reads of both
   * revisions (`RevisionContent`), in one query: a run's first read, where reading the revisions
   * by id after it was one statement more per run (the main revision is always new to the
   * worker; revision rows never change, so reading them here is the same). Read after `lockSpace`.
   */
  async indexState(
    manager: EntityManager,
    spaceId: string,
  ): Promise<{
    space: { revisionId: string; language: string | null; organizationId: string };
    /** The space's main revision (null: its row is missing). */
    revision: RevisionContent | null;
    /** Null: never indexed. `outlines` null: indexed before outlines were recorded. */
    indexed: (Omit<IndexedSpace, 'outlines'> & { outlines: SpecOutlines | null }) | null;
    /** The revision the index reflects (null: never indexed, or its row is gone). */
    indexedRevision: RevisionContent | null;
  } | null> {
    const rows: Array<{
      revision_id: string;
      language: string | null;
      organization_id: string;
      pages: string[] | null;
      reusable_list: StoredReusableContent[] | null;
      indexed_revision: string | null;
      indexed_config: string | null;
      indexed_outlines: SpecOutlines | null;
      indexed_pages: string[] | null;
      indexed_reusable_list: StoredReusableContent[] | null;
    }> = await manager.query(
      `SELECT s.revision_id, s.language, s.organization_id, r.pages, u.contents AS reusable_list,
              i.revision_id AS indexed_revision, i.config AS indexed_config, i.outlines AS indexed_outlines,
              ir.pages AS indexed_pages, iu.contents AS indexed_reusable_list
         FROM spaces s
         LEFT JOIN revisions r ON r.id = s.revision_id
         LEFT JOIN reusable_content_lists u ON u.hash = r.reusable_contents_hash
         LEFT JOIN search_spaces i ON i.space_id = s.id
         LEFT JOIN revisions ir ON ir.id = i.revision_id
         LEFT JOIN reusable_content_lists iu ON iu.hash = ir.reusable_contents_hash
        WHERE s.id = $1`,
      [spaceId],
    );
    const row = rows[0];
    if (!row) return null;
    const content = (id: string | null, pages: string[] | null, reusable: StoredReusableContent[] | null): RevisionContent | null =>
      id !== null && pages !== null ? { id, pages, reusableContents: reusable ?? [] } : null;
    return {
      space: { revisionId: row.revision_id, language: row.language, organizationId: row.organization_id },
      revision: content(row.revision_id, row.pages, row.reusable_list),
      indexed:
        row.indexed_revision !== null
          ? { revisionId: row.indexed_revision, config: row.indexed_config!, outlines: row.indexed_outlines }
          : null,
      indexedRevision: content(row.indexed_revision, row.indexed_pages, row.indexed_reusable_list),
    };
  }

  /** Records the revision the index now reflects; a new configuration drops every row of the space first. */
  async markIndexed(manager: EntityManager, spaceId: string, state: IndexedSpace, reset: boolean): Promise<void> {
    if (reset) await manager.query('DELETE FROM search_spaces WHERE space_id = $1', [spaceId]);
    await manager.query(MARK_INDEXED_SQL, markIndexedParams(spaceId, state));
  }

  /**
   * An incremental run's writes: records the revision the index now reflects, removes the pages
   * the revision dropped and the generated pages no longer generated, and writes `pages` over what
   * the index holds of them (see `pageStatements`: rows whose text did not change are not
   * rewritten). In one statement when it fits one chunk (an edit's few pages: one round trip);
   * the parts touch disjoint rows, as a `WriteBatch` requires.
   */
  async writeIndexed(manager: EntityManager, spaceId: string, write: IndexWrite): Promise<void> {
    const { state, pages } = write;
    const removals = removalStatements(spaceId, write);
    if (!fitsOneStatement(write)) {
      await this.markIndexed(manager, spaceId, state, false);
      for (const [sql, params] of removals) await manager.query(sql, params);
      return this.insertPages(manager, spaceId, state.config, pages);
    }
    const batch = new WriteBatch().add(MARK_INDEXED_SQL, markIndexedParams(spaceId, state));
    for (const [sql, params] of [...removals, ...pageStatements(spaceId, state.config, pages)]) batch.add(sql, params);
    await batch.run(manager);
  }

  /**
   * An incremental run's writes (as `writeIndexed`) without a transaction, in ONE statement whose
   * first part is a compare-and-set of the space's index row: written only if the index still
   * reflects `read`, the state the run was computed from (its revision, configuration and
   * outlines). False, and nothing written, when the index moved since it was read (another run
   * wrote it, or a locked run holds it: the guard waits for it, then finds it moved). The run
   * must fit one statement (`fitsOneStatement`).
   */
  async writeIndexedUnlessChanged(spaceId: string, read: IndexedSpace, write: IndexWrite): Promise<boolean> {
    if (!fitsOneStatement(write)) throw new Error('search index: a guarded write must fit one statement');
    const { state, pages } = write;
    const batch = new WriteBatch().guard(
      'search-index-unchanged',
      `UPDATE search_spaces SET revision_id = $2, config = $3, outlines = $4
        WHERE space_id = $1 AND revision_id = $5 AND config = $6 AND outlines = $7::jsonb RETURNING space_id`,
      [...markIndexedParams(spaceId, state), read.revisionId, read.config, JSON.stringify(read.outlines)],
    );
    for (const [sql, params] of [...removalStatements(spaceId, write), ...pageStatements(spaceId, state.config, pages)])
      batch.add(sql, params);
    try {
      await batch.run(this.db.manager);
      return true;
    } catch (error) {
      if (isGuardFailure(error, 'search-index-unchanged')) return false;
      throw error;
    }
  }

  /** Writes pages and their sections over what the index holds of them (see `pageStatements`). */
  async insertPages(manager: EntityManager, spaceId: string, config: string, pages: IndexedPage[]): Promise<void> {
    for (let i = 0; i < pages.length; i += CHUNK) {
      for (const [sql, params] of pageStatements(spaceId, config, pages.slice(i, i + CHUNK))) await manager.query(sql, params);
    }
  }

  /**
   * One page of the pages of the given spaces matching the query, best first, in ONE statement:
   * the pages ranked (`offset` skipped, `take` answered, with their rank in the whole result and
   * the totals), what is shown of each, and for the first `shown` the best `perPage` sections
   * with a highlighted excerpt (`<mark>` around the matched words). Each space is searched with
   * the configuration its index was written with (spaces not indexed yet match nothing), the
   * query is parsed once per configuration, each section is scored once, and only the sections
   * shown get an excerpt: `ts_headline` re-parses the text and is the expensive part, so it runs
   * only for the excerpts `SearchExcerpts` does not hold: in this statement when this search ran
   * before (its excerpts held are named) or nothing is held for its query, else in a second one
   * (see there).
   */
  async search(spaceIds: string[], query: SearchQuery, paging: SearchPaging): Promise<PageHit[]> {
    if (spaceIds.length === 0) return [];
    const single = spaceIds.length === 1;
    const rows = await this.searchRows(single ? SEARCH_SQL.oneSpace : SEARCH_SQL.spaces, spaceIds, query, paging, []);
    return this.pageHits(spaceIds, query, paging, rows);
  }

  /**
   * `search` of one space whose caller's level was judged on the space as this process remembers
   * it (`RememberedSpaces`), without reading the space first: the statement searches only while
   * the space is still as that row was judged (`spaceAsJudgedSql`). Null when it is not (nothing
   * was searched): the caller then loads the space and searches as before.
   */
  async searchJudged(space: JudgedSpace, query: SearchQuery, paging: SearchPaging): Promise<PageHit[] | null> {
    const rows = await this.searchRows(SEARCH_SQL.judgedSpace, [space.id], query, paging, judgedSpaceParams(space));
    if (rows.some((row) => row.space_id === null)) return null;
    return this.pageHits([space.id], query, paging, rows);
  }

  /** The rows of a `SEARCH_SQL` statement: $1 the one space's id or the spaces', `extra` from $9 on. */
  private searchRows(sql: string, spaceIds: string[], query: SearchQuery, paging: SearchPaging, extra: unknown[]): Promise<SearchRow[]> {
    // Prepared: a search plans a dozen CTEs, which cost about as much as running them.
    return preparedQuery<SearchRow>(this.db, 'content.search', sql, [
      spaceIds.length === 1 ? spaceIds[0] : spaceIds,
      query.text,
      paging.offset,
      paging.take,
      paging.shown,
      paging.perPage,
      query.exact,
      this.excerpts.held(searchKey(spaceIds, query, paging), query.text),
      ...extra,
    ]);
  }

  /** A search's pages, best first, with their sections and excerpts (`SearchExcerpts`), from its rows. */
  private async pageHits(spaceIds: string[], query: SearchQuery, paging: SearchPaging, rows: SearchRow[]): Promise<PageHit[]> {
    const pages = new Map<string, PageHit>();
    for (const r of rows)
      if (r.idx === null)
        pages.set(`${r.space_id}/${r.page_id}`, {
          spaceId: r.space_id,
          pageId: r.page_id,
          score: Number(r.score),
          rank: Number(r.rank),
          total: Number(r.total),
          spaces: Number(r.spaces),
          title: r.title!,
          description: r.description!,
          path: r.path!,
          ancestors: r.ancestors!,
          sections: [],
        });
    const sections = rows.filter((r) => r.idx !== null);
    const excerpts = await this.excerpts.of(
      searchKey(spaceIds, query, paging),
      sections.map((r) => ({ spaceId: r.space_id, pageId: r.page_id, idx: r.idx!, key: r.excerpt_key!, excerpt: r.excerpt })),
      query.text,
    );
    sections.forEach((r, i) =>
      pages.get(`${r.space_id}/${r.page_id}`)?.sections.push({
        idx: r.idx!,
        heading: r.heading!,
        anchor: r.anchor,
        excerpt: excerpts[i],
        score: Number(r.score),
        titleHit: r.title_hit!,
      }),
    );
    for (const page of pages.values()) page.sections.sort((a, b) => b.score - a.score || a.idx - b.idx);
    return [...pages.values()].sort((a, b) => a.rank - b.rank);
  }

  /**
   * For each word, the indexed word of these spaces closest to it by trigram similarity, if any is
   * similar enough (undefined otherwise), in one statement.
   */
  async closestWords(spaceIds: string[], words: string[]): Promise<Array<string | undefined>> {
    if (words.length === 0) return [];
    const rows: Array<{ i: string; word: string | null }> = await this.db.query(
      `SELECT w.i, (SELECT x.word FROM search_words x WHERE x.space_id = ANY($1) AND x.word % w.word
                    ORDER BY similarity(x.word, w.word) DESC, x.word LIMIT 1) AS word
       FROM unnest($2::text[]) WITH ORDINALITY AS w(word, i)`,
      [spaceIds, words],
    );
    const found = new Map(rows.map((r) => [Number(r.i) - 1, r.word ?? undefined]));
    return words.map((_, i) => found.get(i));
  }

  /** Live spaces of an organization with what their levels depend on. */
  async organizationSpaces(
    organizationId: string,
  ): Promise<Array<{ id: string; title: string; defaultLevel: string; parentId: string | null }>> {
    const rows: Array<{ id: string; title: string; default_level: string; parent_id: string | null }> = await this.db.query(
      'SELECT id, title, default_level, parent_id FROM spaces WHERE organization_id = $1 AND deleted_at IS NULL',
      [organizationId],
    );
    return rows.map((r) => ({ id: r.id, title: r.title, defaultLevel: r.default_level, parentId: r.parent_id }));
  }
}

const MARK_INDEXED_SQL = `INSERT INTO search_spaces (space_id, revision_id, config, outlines) VALUES ($1, $2, $3, $4)
  ON CONFLICT (space_id) DO UPDATE SET revision_id = EXCLUDED.revision_id, config = EXCLUDED.config, outlines = EXCLUDED.outlines`;

const markIndexedParams = (spaceId: string, state: IndexedSpace): unknown[] => [
  spaceId,
  state.revisionId,
  state.config,
  JSON.stringify(state.outlines),
];

/** Whether an incremental run's writes fit one statement (every part at most CHUNK rows). */
export function fitsOneStatement(write: IndexWrite): boolean {
  const sections = write.pages.reduce((n, p) => n + p.sections.length, 0);
  const words = new Set(write.pages.flatMap((p) => p.words));
  return write.pages.length <= CHUNK && sections <= CHUNK && words.size <= CHUNK && write.removed.length <= CHUNK;
}

/** The deletes of an incremental run: pages gone, and generated pages no longer generated (none written now). */
function removalStatements(spaceId: string, write: IndexWrite): Array<[string, unknown[]]> {
  const statements: Array<[string, unknown[]]> = [];
  if (write.removed.length > 0)
    statements.push(['DELETE FROM search_pages WHERE space_id = $1 AND page_id = ANY($2::text[])', [spaceId, write.removed]]);
  if (write.regenerated.length > 0)
    statements.push([
      'DELETE FROM search_pages WHERE space_id = $1 AND generated_by = ANY($2::text[]) AND NOT (page_id = ANY($3::text[]))',
      [spaceId, write.regenerated, write.pages.map((p) => p.pageId)],
    ]);
  return statements;
}

/**
 * The statements writing a chunk of pages (at most CHUNK), their sections and words (each in
 * statements of at most CHUNK rows); each section's vector weighs the page title A, its heading
 * B, its text D. Written over what the index holds (a page is never deleted to be written again):
 * a page or section row whose text is the same is left as it is (no new row version, no GIN
 * entries written again: a one-page edit rewrites only the sections it changed), and the
 * sections past a page's new count are removed. The parts touch disjoint rows (sections below
 * each page's count are written, the ones from it removed), so they can run as one statement.
 */
export function pageStatements(spaceId: string, config: string, chunk: IndexedPage[]): Array<[string, unknown[]]> {
  if (chunk.length === 0) return [];
  const statements: Array<[string, unknown[]]> = [
    [
      `INSERT INTO search_pages AS p (space_id, page_id, title, description, path, ancestors, generated_by)
       SELECT $1::text, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::text[])
       ON CONFLICT (space_id, page_id) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description,
         path = EXCLUDED.path, ancestors = EXCLUDED.ancestors, generated_by = EXCLUDED.generated_by
       WHERE (p.title, p.description, p.path, p.ancestors, p.generated_by)
         IS DISTINCT FROM (EXCLUDED.title, EXCLUDED.description, EXCLUDED.path, EXCLUDED.ancestors, EXCLUDED.generated_by)`,
      [
        spaceId,
        chunk.map((p) => p.pageId),
        chunk.map((p) => p.title),
        chunk.map((p) => p.description),
        chunk.map((p) => p.path),
        chunk.map((p) => JSON.stringify(p.ancestors)),
        chunk.map((p) => p.generatedBy ?? null),
      ],
    ],
    [
      `DELETE FROM search_sections s USING unnest($2::text[], $3::int[]) AS x(page_id, n)
       WHERE s.space_id = $1 AND s.page_id = x.page_id AND s.idx >= x.n`,
      [spaceId, chunk.map((p) => p.pageId), chunk.map((p) => p.sections.length)],
    ],
  ];
  const sections = chunk.flatMap((p) => p.sections.map((s, idx) => ({ ...s, idx, pageId: p.pageId, title: p.title })));
  for (let j = 0; j < sections.length; j += CHUNK) {
    const part = sections.slice(j, j + CHUNK);
    // `title_tsv` stands for the title in the comparison: with the same title vector, heading,
    // text and configuration, `tsv` is the same too.
    statements.push([
      `INSERT INTO search_sections AS s (space_id, page_id, idx, heading, anchor, body, config, title_tsv, tsv)
       SELECT $1::text, x.page_id, x.idx, x.heading, x.anchor, x.body, $2::text, to_tsvector($2::text::regconfig, x.title),
              setweight(to_tsvector($2::text::regconfig, x.title), 'A') || setweight(to_tsvector($2::text::regconfig, x.heading), 'B')
              || setweight(to_tsvector($2::text::regconfig, x.body), 'D')
       FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[]) AS x(page_id, idx, heading, anchor, body, title)
       ON CONFLICT (space_id, page_id, idx) DO UPDATE SET heading = EXCLUDED.heading, anchor = EXCLUDED.anchor, body = EXCLUDED.body,
         config = EXCLUDED.config, title_tsv = EXCLUDED.title_tsv, tsv = EXCLUDED.tsv
       WHERE (s.heading, s.anchor, s.body, s.config, s.title_tsv)
         IS DISTINCT FROM (EXCLUDED.heading, EXCLUDED.anchor, EXCLUDED.body, EXCLUDED.config, EXCLUDED.title_tsv)`,
      [
        spaceId,
        config,
        part.map((s) => s.pageId),
        part.map((s) => s.idx),
        part.map((s) => s.heading),
        part.map((s) => s.anchor),
        part.map((s) => s.body),
        part.map((s) => s.title),
      ],
    ]);
  }
  const words = [...new Set(chunk.flatMap((p) => p.words))];
  for (let j = 0; j < words.length; j += CHUNK)
    statements.push([
      'INSERT INTO search_words (space_id, word) SELECT $1::text, unnest($2::text[]) ON CONFLICT DO NOTHING',
      [spaceId, words.slice(j, j + CHUNK)],
    ]);
  return statements;
}
