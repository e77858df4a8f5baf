import { preparedQuery } from '@bindery/platform';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';

/** The text a section's excerpt is cut from: its body, or its heading when it has no text. */
const EXCERPT_TEXT_SQL = `CASE WHEN s.body = '' THEN s.heading ELSE s.body END`;

/**
 * What an excerpt depends on besides the query, as a digest: the section's text and its text
 * search configuration (SHA-256: sections of different spaces with the same text share an
 * excerpt, and a text made to collide with another space's cannot be written). Read on alias `s`.
 */
export const EXCERPT_TEXT_KEY_SQL = `encode(sha256(convert_to(s.config || ':' || ${EXCERPT_TEXT_SQL}, 'UTF8')), 'base64') AS excerpt_key`;

/** Words of the longest excerpt. */
const MAX_WORDS = 30;

/**
 * A text of at most `MAX_WORDS` words is its own excerpt (`HighlightAll`): with `MaxFragments=1`,
 * `ts_headline` starts a short text's only fragment at the first match and drops the words before
 * it ("Run the wizard once." became "<mark>wizard</mark> once"). A longer text shows one fragment
 * around the best match.
 */
const HEADLINE_OPTIONS_SQL = `CASE WHEN cardinality(regexp_split_to_array(btrim(${EXCERPT_TEXT_SQL}), '\\s+')) <= ${MAX_WORDS}
    THEN 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true'
    ELSE 'StartSel=<mark>, StopSel=</mark>, MaxWords=${MAX_WORDS}, MinWords=10, MaxFragments=1' END`;

/**
 * $1 space ids, $2 page ids, $3 section indexes, $4 the tsquery text: each section's excerpt with
 * its key read in the same snapshot (the section may have been indexed again since the search
 * read it: the excerpt is then cached under the key of the text it was cut from).
 */
const EXCERPTS_SQL = `SELECT x.i, ${EXCERPT_TEXT_KEY_SQL},
       ts_headline(s.config::regconfig, ${EXCERPT_TEXT_SQL}, to_tsquery(s.config::regconfig, $4), ${HEADLINE_OPTIONS_SQL}) AS excerpt
  FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS x(space_id, page_id, idx, i)
  JOIN search_sections s USING (space_id, page_id, idx)`;

/** Excerpts kept per process: bounded by their characters (keys included), about 8 MB at most. */
const MAX_CACHED_CHARS = 4_000_000;

export interface ExcerptWanted {
  spaceId: string;
  pageId: string;
  idx: number;
  /** `EXCERPT_TEXT_KEY_SQL` of the section, as the search read it. */
  key: string;
}

/**
 * The highlighted excerpts of the sections a search shows (`ts_headline`, which parses the whole
 * text again and cost two thirds of a search's time in Postgres), remembered by what makes one
 * immutable: the digest of the text and configuration, and the query. A section indexed again
 * with other text has another key, so nothing is invalidated and no stale excerpt can be served;
 * the least recently used are dropped past the bound. Only the missing ones are computed, in one
 * statement; a search whose excerpts are all known runs none.
 */
export class SearchExcerpts {
  private readonly cache = new LRUCache<string, string>({
    maxSize: MAX_CACHED_CHARS,
    sizeCalculation: (excerpt, key) => excerpt.length + key.length || 1,
  });

  constructor(private readonly db: DataSource) {}

  /** The excerpt of each section, in order, for the query `tsQuery` (the text `to_tsquery` parses). */
  async of(sections: ExcerptWanted[], tsQuery: string): Promise<string[]> {
    const cacheKey = (key: string): string => `${key}\u0000${tsQuery}`;
    const out = sections.map((s) => this.cache.get(cacheKey(s.key)));
    const missing = sections.flatMap((s, i) => (out[i] === undefined ? [{ ...s, at: i }] : []));
    if (missing.length === 0) return out as string[];
    const rows = await preparedQuery<{ i: string; excerpt_key: string; excerpt: string }>(
      this.db,
      'content.search-excerpts',
      EXCERPTS_SQL,
      [missing.map((s) => s.spaceId), missing.map((s) => s.pageId), missing.map((s) => s.idx), tsQuery],
    );
    for (const row of rows) {
      this.cache.set(cacheKey(row.excerpt_key), row.excerpt);
      out[missing[Number(row.i) - 1].at] = row.excerpt;
    }
    // A section removed since the search read it (its page deleted by a merge in between) has no
    // text left to cut an excerpt from.
    return out.map((excerpt) => excerpt ?? '');
  }
}
