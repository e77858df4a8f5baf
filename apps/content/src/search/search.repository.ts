import { WriteBatch } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

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

export interface PageHit {
  spaceId: string;
  pageId: string;
  score: number;
  rank: number;
  total: number;
  /** Distinct spaces among all the matching pages. */
  spaces: number;
}

export interface SectionHit {
  spaceId: string;
  pageId: string;
  idx: number;
  heading: string;
  anchor: string | null;
  excerpt: string;
  score: number;
  titleHit: boolean;
}

export interface PageInfo {
  spaceId: string;
  pageId: string;
  title: string;
  description: string;
  path: string;
  ancestors: Array<{ title: string }>;
}

/** Rows per insert statement while indexing. */
const CHUNK = 1000;

/** A hit in the page title counts more than any body match; in a heading, more than in the text. */
const SCORE_SQL = `ts_rank_cd(s.tsv, q.q) + CASE WHEN s.title_tsv @@ q.q THEN 1.0 ELSE 0 END`;

/** Search tables: each space's main content by section, written by the indexing job, read by search. */
@Injectable()
export class SearchRepository {
  constructor(private readonly db: DataSource) {}

  /** Serialises indexing runs of one space (two jobs for successive merges may run at once). */
  async lockSpace(manager: EntityManager, spaceId: string): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtext('search-index:' || $1))`, [spaceId]);
  }

  /**
   * The space's main revision, language and organization (null: purged), with the revision and
   * configuration its index reflects (null: never indexed), in one query. Read after `lockSpace`.
   */
  async indexState(
    manager: EntityManager,
    spaceId: string,
  ): Promise<{
    space: { revisionId: string; language: string | null; organizationId: string };
    /** Null: never indexed. `outlines` null: indexed before outlines were recorded. */
    indexed: (Omit<IndexedSpace, 'outlines'> & { outlines: SpecOutlines | null }) | null;
  } | null> {
    const rows: Array<{
      revision_id: string;
      language: string | null;
      organization_id: string;
      indexed_revision: string | null;
      indexed_config: string | null;
      indexed_outlines: SpecOutlines | null;
    }> = await manager.query(
      `SELECT s.revision_id, s.language, s.organization_id, i.revision_id AS indexed_revision, i.config AS indexed_config,
              i.outlines AS indexed_outlines
         FROM spaces s LEFT JOIN search_spaces i ON i.space_id = s.id WHERE s.id = $1`,
      [spaceId],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      space: { revisionId: row.revision_id, language: row.language, organizationId: row.organization_id },
      indexed:
        row.indexed_revision !== null
          ? { revisionId: row.indexed_revision, config: row.indexed_config!, outlines: row.indexed_outlines }
          : null,
    };
  }

  /** Records the revision the index now reflects; a new configuration drops every row of the space first. */
  async markIndexed(manager: EntityManager, spaceId: string, state: IndexedSpace, reset: boolean): Promise<void> {
    if (reset) await manager.query('DELETE FROM search_spaces WHERE space_id = $1', [spaceId]);
    await manager.query(MARK_INDEXED_SQL, markIndexedParams(spaceId, state));
  }

  /**
   * After `removePages`: records the revision the index now reflects and writes the pages, as
   * `markIndexed` (no reset) and `insertPages` do, in one statement when they fit one chunk (an
   * edit's few pages: one round trip instead of four).
   */
  async writeIndexed(manager: EntityManager, spaceId: string, state: IndexedSpace, pages: IndexedPage[]): Promise<void> {
    const sections = pages.flatMap((p) => p.sections);
    const words = new Set(pages.flatMap((p) => p.words));
    if (pages.length > CHUNK || sections.length > CHUNK || words.size > CHUNK) {
      await this.markIndexed(manager, spaceId, state, false);
      return this.insertPages(manager, spaceId, state.config, pages);
    }
    const batch = new WriteBatch().add(MARK_INDEXED_SQL, markIndexedParams(spaceId, state));
    for (const [sql, params] of pageStatements(spaceId, state.config, pages)) batch.add(sql, params);
    await batch.run(manager);
  }

  async removePages(manager: EntityManager, spaceId: string, pageIds: string[]): Promise<void> {
    for (let i = 0; i < pageIds.length; i += CHUNK) {
      await manager.query('DELETE FROM search_pages WHERE space_id = $1 AND page_id = ANY($2)', [spaceId, pageIds.slice(i, i + CHUNK)]);
    }
  }

  /** Removes the generated pages of these computed pages (whatever outline they came from). */
  async removeGenerated(manager: EntityManager, spaceId: string, computedPageIds: string[]): Promise<void> {
    if (computedPageIds.length === 0) return;
    await manager.query('DELETE FROM search_pages WHERE space_id = $1 AND generated_by = ANY($2)', [spaceId, computedPageIds]);
  }

  /** Writes pages and their sections; each section's vector weighs the page title A, its heading B, its text D. */
  async insertPages(manager: EntityManager, spaceId: string, config: string, pages: IndexedPage[]): Promise<void> {
    for (let i = 0; i < pages.length; i += CHUNK) {
      for (const [sql, params] of pageStatements(spaceId, config, pages.slice(i, i + CHUNK))) await manager.query(sql, params);
    }
  }

  /**
   * Pages of the given spaces matching the query, best first, with their rank in the whole result
   * (`offset` pages skipped) and the total. Spaces are grouped by configuration so each group's
   * query uses the GIN index with its own stemming.
   */
  async searchPages(spaces: Array<{ id: string; config: string }>, tsQuery: string, offset: number, take: number): Promise<PageHit[]> {
    if (spaces.length === 0) return [];
    const rows: Array<{ space_id: string; page_id: string; score: number; rank: string; total: string; spaces: string }> =
      await this.db.query(
        `WITH q AS (SELECT c AS config, to_tsquery(c::regconfig, $3) AS q FROM unnest($2::text[]) AS c),
       pages AS (
         SELECT s.space_id, s.page_id, max(${SCORE_SQL}) AS score
         FROM search_sections s JOIN q ON q.config = s.config
         WHERE s.space_id = ANY($1) AND s.tsv @@ q.q
         GROUP BY s.space_id, s.page_id
       ),
       ranked AS (SELECT *, row_number() OVER (ORDER BY score DESC, space_id, page_id) AS rank, count(*) OVER () AS total FROM pages)
       SELECT *, (SELECT count(DISTINCT space_id) FROM pages) AS spaces FROM ranked WHERE rank > $4 ORDER BY rank LIMIT $5`,
        [spaces.map((s) => s.id), [...new Set(spaces.map((s) => s.config))], tsQuery, offset, take],
      );
    return rows.map((r) => ({
      spaceId: r.space_id,
      pageId: r.page_id,
      score: Number(r.score),
      rank: Number(r.rank),
      total: Number(r.total),
      spaces: Number(r.spaces),
    }));
  }

  /**
   * The best `perPage` matching sections of some pages (score, then position), each with a
   * highlighted excerpt (`<mark>` around the matched words). The sections are fetched by page
   * (materialized, so the planner cannot turn it into a scan of the text index, which would visit
   * every matching section of every space) and only the sections shown get an excerpt:
   * `ts_headline` re-parses the text and is the expensive part.
   */
  async sectionHits(
    pages: Array<{ spaceId: string; pageId: string }>,
    configs: string[],
    tsQuery: string,
    perPage: number,
  ): Promise<SectionHit[]> {
    if (pages.length === 0) return [];
    const rows: Array<{
      space_id: string;
      page_id: string;
      idx: number;
      heading: string;
      anchor: string | null;
      excerpt: string;
      score: number;
      title_hit: boolean;
    }> = await this.db.query(
      `WITH q AS (SELECT c AS config, to_tsquery(c::regconfig, $3) AS q FROM unnest($4::text[]) AS c),
         sections AS MATERIALIZED (
           SELECT s.* FROM unnest($1::text[], $2::text[]) AS p(space_id, page_id)
           JOIN search_sections s ON s.space_id = p.space_id AND s.page_id = p.page_id
         ),
         hits AS (
           SELECT s.space_id, s.page_id, s.idx, s.heading, s.anchor, s.body, s.config, q.q, ${SCORE_SQL} AS score, s.title_tsv @@ q.q AS title_hit
           FROM sections s JOIN q ON q.config = s.config WHERE s.tsv @@ q.q
         ),
         best AS (SELECT *, row_number() OVER (PARTITION BY space_id, page_id ORDER BY score DESC, idx) AS n FROM hits)
       SELECT space_id, page_id, idx, heading, anchor, score, title_hit,
              ts_headline(config::regconfig, CASE WHEN body = '' THEN heading ELSE body END, q,
                          'StartSel=<mark>, StopSel=</mark>, MaxWords=30, MinWords=10, MaxFragments=1') AS excerpt
       FROM best WHERE n <= $5`,
      [pages.map((p) => p.spaceId), pages.map((p) => p.pageId), tsQuery, configs, perPage],
    );
    return rows.map((r) => ({
      spaceId: r.space_id,
      pageId: r.page_id,
      idx: r.idx,
      heading: r.heading,
      anchor: r.anchor,
      excerpt: r.excerpt,
      score: Number(r.score),
      titleHit: r.title_hit,
    }));
  }

  async pageInfo(pages: Array<{ spaceId: string; pageId: string }>): Promise<PageInfo[]> {
    if (pages.length === 0) return [];
    const rows: Array<{
      space_id: string;
      page_id: string;
      title: string;
      description: string;
      path: string;
      ancestors: Array<{ title: string }>;
    }> = await this.db.query(
      `SELECT sp.* FROM search_pages sp JOIN unnest($1::text[], $2::text[]) AS p(space_id, page_id) USING (space_id, page_id)`,
      [pages.map((p) => p.spaceId), pages.map((p) => p.pageId)],
    );
    return rows.map((r) => ({
      spaceId: r.space_id,
      pageId: r.page_id,
      title: r.title,
      description: r.description,
      path: r.path,
      ancestors: r.ancestors,
    }));
  }

  /** The configuration each space's index was written with (spaces not indexed yet are left out). */
  async configs(spaceIds: string[]): Promise<Array<{ id: string; config: string }>> {
    const rows: Array<{ space_id: string; config: string }> = await this.db.query(
      'SELECT space_id, config FROM search_spaces WHERE space_id = ANY($1)',
      [spaceIds],
    );
    return rows.map((r) => ({ id: r.space_id, config: r.config }));
  }

  /** The indexed word of these spaces closest to `word` by trigram similarity, if any is similar enough. */
  async closestWord(spaceIds: string[], word: string): Promise<string | undefined> {
    const rows: Array<{ word: string }> = await this.db.query(
      `SELECT word FROM search_words WHERE space_id = ANY($1) AND word % $2 ORDER BY similarity(word, $2) DESC, word LIMIT 1`,
      [spaceIds, word],
    );
    return rows[0]?.word;
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

/**
 * The statements writing a chunk of pages (at most CHUNK), their sections and words (each in
 * statements of at most CHUNK rows); each section's vector weighs the page title A, its heading
 * B, its text D.
 */
function pageStatements(spaceId: string, config: string, chunk: IndexedPage[]): Array<[string, unknown[]]> {
  const statements: Array<[string, unknown[]]> = [
    [
      `INSERT INTO search_pages (space_id, page_id, title, description, path, ancestors, generated_by)
       SELECT $1::text, * FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::text[])`,
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
  ];
  const sections = chunk.flatMap((p) => p.sections.map((s, idx) => ({ ...s, idx, pageId: p.pageId, title: p.title })));
  for (let j = 0; j < sections.length; j += CHUNK) {
    const part = sections.slice(j, j + CHUNK);
    statements.push([
      `INSERT INTO search_sections (space_id, page_id, idx, heading, anchor, body, config, title_tsv, tsv)
       SELECT $1::text, x.page_id, x.idx, x.heading, x.anchor, x.body, $2::text, to_tsvector($2::text::regconfig, x.title),
              setweight(to_tsvector($2::text::regconfig, x.title), 'A') || setweight(to_tsvector($2::text::regconfig, x.heading), 'B')
              || setweight(to_tsvector($2::text::regconfig, x.body), 'D')
       FROM unnest($3::text[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[]) AS x(page_id, idx, heading, anchor, body, title)`,
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
