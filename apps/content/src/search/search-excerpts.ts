import { preparedQuery } from '@bindery/platform';
import { LRUCache } from 'lru-cache';
import type { DataSource } from 'typeorm';

/** The text a section's excerpt is cut from: its body, or its heading when it has no text. Read on alias `s`. */
export const EXCERPT_TEXT_SQL = `CASE WHEN s.body = '' THEN s.heading ELSE s.body END`;

/**
 * What an excerpt depends on besides the query, as a digest: the section's text and its text
 * search configuration (SHA-256: sections of different spaces with the same text share an
 * excerpt, and a text made to collide with another space's cannot be written). Read on alias `s`:
 * stored with the section (kept by a trigger when it is written, see the SearchExcerptKeys
 * migration), not digested by each search that shows it.
 */
export const EXCERPT_TEXT_KEY_SQL = `s.excerpt_key`;

/** Words of the longest excerpt. */
const MAX_WORDS = 30;

/**
 * A text of at most `MAX_WORDS` words is its own excerpt (`HighlightAll`): with `MaxFragments=1`,
 * `ts_headline` starts a short text's only fragment at the first match and drops the words before
 * it ("Run the wizard once." became "<mark>wizard</mark> once"). A longer text shows one fragment
 * around the best match.
 */
const headlineOptionsSql = (text: string): string => `CASE WHEN cardinality(regexp_split_to_array(btrim(${text}), '\\s+')) <= ${MAX_WORDS}
    THEN 'StartSel=<mark>, StopSel=</mark>, HighlightAll=true'
    ELSE 'StartSel=<mark>, StopSel=</mark>, MaxWords=${MAX_WORDS}, MinWords=10, MaxFragments=1' END`;

/** The highlighted excerpt of `text` (an `EXCERPT_TEXT_SQL`) for the tsquery `query`, in the configuration `config`. */
export const headlineSql = (config: string, text: string, query: string): string =>
  `ts_headline(${config}::regconfig, ${text}, ${query}, ${headlineOptionsSql(text)})`;

/**
 * $1 space ids, $2 page ids, $3 section indexes, $4 the tsquery text: each section's excerpt with
 * its key read in the same snapshot (the section may have been indexed again since the search
 * read it: the excerpt is then cached under the key of the text it was cut from).
 */
const EXCERPTS_SQL = `SELECT x.i, ${EXCERPT_TEXT_KEY_SQL} AS excerpt_key,
       ${headlineSql('s.config', EXCERPT_TEXT_SQL, 'to_tsquery(s.config::regconfig, $4)')} AS excerpt
  FROM unnest($1::text[], $2::text[], $3::int[]) WITH ORDINALITY AS x(space_id, page_id, idx, i)
  JOIN search_sections s USING (space_id, page_id, idx)`;

/** Excerpts kept per process: bounded by their characters (keys included), about 8 MB at most. */
const MAX_CACHED_CHARS = 4_000_000;

/** Searches whose shown sections are remembered (their excerpt keys, about 3 KB each): about 6 MB at most. */
const MAX_REMEMBERED_SEARCHES = 2_000;

export interface ExcerptWanted {
  spaceId: string;
  pageId: string;
  idx: number;
  /** `EXCERPT_TEXT_KEY_SQL` of the section, as the search read it. */
  key: string;
  /** The excerpt the search statement made for it (null: it did not, its key being one of `held`'s). */
  excerpt: string | null;
}

/**
 * The highlighted excerpts of the sections a search shows (`ts_headline`, which parses the whole
 * text again and cost two thirds of a search's time in Postgres), remembered by what makes one
 * immutable: the digest of the text and configuration, and the query. A section indexed again
 * with other text has another key, so nothing is invalidated and no stale excerpt can be served;
 * the least recently used are dropped past the bound.
 *
 * The search statement makes the excerpts itself when it is told which it need not make: a
 * search run before (same spaces, query and page) answers the keys it showed, and those still
 * held are passed to the next run of that search (`held`), which makes only the others, such as
 * a section a merge changed, in the same round trip. A search not run before makes none and
 * answers keys only: the excerpts not held are made in a second statement (`of`), so a query
 * first searched in one space still reuses the excerpts of the same texts in others.
 */
export class SearchExcerpts {
  /** How many excerpts the cache holds per query (`tsQuery`), kept as entries come and go. */
  private readonly heldPerQuery = new Map<string, number>();

  private readonly cache = new LRUCache<string, string>({
    maxSize: MAX_CACHED_CHARS,
    sizeCalculation: (excerpt, key) => excerpt.length + key.length || 1,
    onInsert: (_excerpt, key, reason) => {
      if (reason === 'add') this.count(queryOf(key), 1);
    },
    // `set`: an excerpt replaced by another under the same key (still one held).
    dispose: (_excerpt, key, reason) => {
      if (reason !== 'set') this.count(queryOf(key), -1);
    },
  });

  /** Each search's (see `held`) excerpt keys, as it last showed them. */
  private readonly shown = new LRUCache<string, string[]>({ max: MAX_REMEMBERED_SEARCHES });

  constructor(private readonly db: DataSource) {}

  /**
   * The keys of the excerpts held for what `search` (spaces, query and page) showed when it last
   * ran, for the query `tsQuery`. When it has not run: none when no excerpt of `tsQuery` is held
   * (the statement makes them all: a second statement would make the same ones a round trip
   * later), else null (the statement makes no excerpt: `of` then makes those not held, as
   * another search of the query may have made some of them, for the same texts elsewhere).
   */
  held(search: string, tsQuery: string): string[] | null {
    const keys = this.shown.get(search);
    if (keys) return keys.filter((key) => this.cache.has(cacheKey(key, tsQuery)));
    return this.heldPerQuery.has(tsQuery) ? null : [];
  }

  /**
   * The excerpt of each section, in order, for the query `tsQuery` (the text `to_tsquery`
   * parses): the ones the search statement made, then the ones held, then the others in one
   * statement (none when every excerpt is known). Remembers the keys `search` showed.
   */
  async of(search: string, sections: ExcerptWanted[], tsQuery: string): Promise<string[]> {
    this.shown.set(
      search,
      sections.map((s) => s.key),
    );
    const out = sections.map((s) => {
      if (s.excerpt === null) return this.cache.get(cacheKey(s.key, tsQuery));
      this.cache.set(cacheKey(s.key, tsQuery), s.excerpt);
      return s.excerpt;
    });
    const missing = sections.flatMap((s, i) => (out[i] === undefined ? [{ ...s, at: i }] : []));
    if (missing.length === 0) return out as string[];
    const rows = await preparedQuery<{ i: string; excerpt_key: string; excerpt: string }>(
      this.db,
      'content.search-excerpts',
      EXCERPTS_SQL,
      [missing.map((s) => s.spaceId), missing.map((s) => s.pageId), missing.map((s) => s.idx), tsQuery],
    );
    for (const row of rows) {
      this.cache.set(cacheKey(row.excerpt_key, tsQuery), row.excerpt);
      out[missing[Number(row.i) - 1].at] = row.excerpt;
    }
    // A section removed since the search read it (its page deleted by a merge in between) has no
    // text left to cut an excerpt from.
    return out.map((excerpt) => excerpt ?? '');
  }

  private count(tsQuery: string, by: 1 | -1): void {
    const held = (this.heldPerQuery.get(tsQuery) ?? 0) + by;
    if (held > 0) this.heldPerQuery.set(tsQuery, held);
    else this.heldPerQuery.delete(tsQuery);
  }
}

const SEPARATOR = '\u0000';

const cacheKey = (key: string, tsQuery: string): string => `${key}${SEPARATOR}${tsQuery}`;

/** The query of a `cacheKey` (an excerpt key, a digest, holds no separator). */
const queryOf = (cacheKey: string): string => cacheKey.slice(cacheKey.indexOf(SEPARATOR) + 1);
