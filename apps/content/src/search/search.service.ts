import {
  type List,
  MAX_SEARCH_QUERY_LENGTH,
  type OrgSearchInput,
  type PublishedSearchInput,
  type RequestContext,
  type SearchPageResult,
  type SearchSectionResult,
  type SearchSpaceResult,
  type SpaceSearchInput,
} from '@bindery/contracts';
import { badRequest, keysetPage, NO_ORGANIZATION, notFound, toList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { type JudgedSpace, RememberedSpaces } from '../store/remembered-spaces';
import { SpaceAccess } from '../store/space-access';
import { isTyping, queryWords, searchQuery } from './search-text';
import { type PageHit, SearchRepository, type SearchPaging } from './search.repository';

/** Sections shown per page. */
const SECTIONS_PER_PAGE = 3;

interface Searched {
  hits: PageHit[];
  limit: number;
  pages: Map<string, SearchPageResult>;
}

/**
 * Full-text search of the main content of the spaces a caller may read: the space search checks
 * the space, the organization search keeps the spaces the caller has a level on (`contentLevel`,
 * content's own rule). Ranked by `ts_rank_cd` with the page title and headings weighted above the
 * text; the last word is a prefix while it is typed; with no match at all, each word is replaced
 * by the closest indexed word (trigram similarity) and the search runs once more.
 */
@Injectable()
export class SearchService {
  constructor(
    private readonly access: SpaceAccess,
    private readonly search: SearchRepository,
    /** Spaces as this process's searches last loaded them (its own, not the change requests' ones). */
    private readonly spaces: RememberedSpaces,
  ) {}

  /**
   * The search of one space. A space this process loaded for a search before is not read again:
   * the caller's level is judged on the row as it was then (`RememberedSpaces`), and the search
   * statement answers only while the space is still as judged. A caller that row does not allow,
   * a space not remembered (or locked, or in a collection) and a space changed since are loaded
   * and answered as before: a denial is answered once the space is read, never after a search.
   */
  async space(ctx: RequestContext, input: SpaceSearchInput): Promise<List<SearchPageResult>> {
    const found = (await this.searchRemembered(ctx, input)) ?? (await this.searchLoaded(ctx, input));
    const total = found.hits[0]?.total ?? 0;
    return toList(
      found.hits,
      found.limit,
      total,
      (h) => [h.rank],
      (h) => found.pages.get(keyOf(h))!,
    );
  }

  /** The space search on the row this process remembers; undefined when the space must be loaded (see `space`). */
  private async searchRemembered(ctx: RequestContext, input: SpaceSearchInput): Promise<Searched | undefined> {
    const judged = await this.spaces.judged(ctx, input.spaceId, 'view');
    if (!judged) return undefined;
    // A query that searches nothing, or a bad page, is answered after the space is read, as before.
    const plan = attempt(() => searchPlan(input.query, input));
    if (!plan || plan.words.length === 0) return undefined;
    const searched = await this.run(ctx, [judged.id], plan, judged);
    // Changed since (deleted, transferred, locked…): the load that follows answers, and remembers it again if it may.
    if (!searched) this.spaces.forget(judged.id);
    return searched;
  }

  private async searchLoaded(ctx: RequestContext, input: SpaceSearchInput): Promise<Searched> {
    const { space } = await this.access.load(ctx, input.spaceId, 'view');
    this.spaces.remember(space);
    return this.run(ctx, [space.id], searchPlan(input.query, input));
  }

  /**
   * The reader's search of one published space (callerless): the space must be live and belong to
   * the organization of the site the sites service found for this visitor (else the 404 of an
   * unknown space), and only that space's index is searched, so nothing of another space can show.
   * The index holds the space's main content, which is what a site publishes.
   */
  async published(ctx: RequestContext, input: PublishedSearchInput): Promise<List<SearchPageResult>> {
    if (typeof input.query !== 'string' || input.query.length > MAX_SEARCH_QUERY_LENGTH)
      throw badRequest(`query must be a string of at most ${MAX_SEARCH_QUERY_LENGTH} characters`);
    const space = await this.access.find(input.spaceId);
    if (space.organizationId !== input.organizationId) throw notFound('No matching space found');
    const limit = Math.min(Math.max(Math.floor(input.limit ?? 20), 1), 50);
    const found = await this.run(ctx, [space.id], searchPlan(input.query, { limit }));
    return toList(
      found.hits,
      found.limit,
      found.hits[0]?.total ?? 0,
      (h) => [h.rank],
      (h) => found.pages.get(keyOf(h))!,
    );
  }

  async organization(ctx: RequestContext, input: OrgSearchInput): Promise<List<SearchSpaceResult>> {
    const levels = await this.access.listLevels(ctx, input.organizationId, NO_ORGANIZATION);
    const spaces = levels.reachesAny
      ? (await this.search.organizationSpaces(input.organizationId)).filter(
          (s) => levels.levelOf({ defaultLevel: s.defaultLevel as never, parentId: s.parentId }) !== null,
        )
      : [];
    const titles = new Map(spaces.map((s) => [s.id, s.title]));
    const found = await this.run(
      ctx,
      spaces.map((s) => s.id),
      searchPlan(input.query, input),
    );
    // One page of ranked pages, grouped by space in rank order; the cursor is the last page's rank.
    const shown = found.hits.slice(0, found.limit);
    const groups = new Map<string, SearchSpaceResult>();
    for (const hit of shown) {
      let group = groups.get(hit.spaceId);
      if (!group) {
        group = { type: 'space', id: hit.spaceId, title: titles.get(hit.spaceId) ?? '', score: hit.score, pages: [] };
        groups.set(hit.spaceId, group);
      }
      group.pages.push(found.pages.get(keyOf(hit))!);
    }
    const list: List<SearchSpaceResult> = { count: found.hits[0]?.spaces ?? 0, items: [...groups.values()] };
    if (found.hits.length > found.limit && shown.length > 0) {
      const paged = toList(
        found.hits,
        found.limit,
        0,
        (h) => [h.rank],
        () => null,
      );
      if (paged.next) list.next = paged.next;
    }
    return list;
  }

  /**
   * One statement per search (the pages, what is shown of them and their best sections); a second
   * and a third only when nothing matched (the closest indexed words, then the search again).
   * With `judged`, the one space as this process remembers it: undefined, and nothing searched,
   * when the space is no longer as judged (the first statement checks it; the search answers as
   * one that read the space then).
   */
  private async run(ctx: RequestContext, spaceIds: string[], plan: SearchPlan): Promise<Searched>;
  private async run(ctx: RequestContext, spaceIds: string[], plan: SearchPlan, judged: JudgedSpace): Promise<Searched | undefined>;
  private async run(ctx: RequestContext, spaceIds: string[], plan: SearchPlan, judged?: JudgedSpace): Promise<Searched | undefined> {
    const { words, typing, limit, shape } = plan;
    if (words.length === 0 || spaceIds.length === 0) return { hits: [], limit, pages: new Map() };
    const query = searchQuery(words, typing);
    let hits = judged ? await this.search.searchJudged(judged, query, shape) : await this.search.search(spaceIds, query, shape);
    if (!hits) return undefined;
    if (hits.length === 0 && shape.offset === 0) {
      const corrected = await this.corrected(spaceIds, words);
      if (corrected) hits = await this.search.search(spaceIds, searchQuery(corrected, false), shape);
    }
    const pages = new Map(hits.slice(0, limit).map((hit) => [keyOf(hit), toPageResult(ctx.baseUrl, hit)]));
    return { hits, limit, pages };
  }

  /** Each word replaced by the closest indexed word when one is similar enough; undefined when nothing changes. */
  private async corrected(spaceIds: string[], words: string[]): Promise<string[] | undefined> {
    const long = words.filter((word) => word.length >= 3);
    const closest = new Map(long.map((word, i) => [word, i]));
    const found = await this.search.closestWords(spaceIds, long);
    const out = words.map((word) => (closest.has(word) ? (found[closest.get(word)!] ?? word) : word));
    return out.some((w, i) => w !== words[i]) ? out : undefined;
  }
}

/** What a query and a page ask of the search; throws the 400 of a bad page. */
interface SearchPlan {
  words: string[];
  typing: boolean;
  limit: number;
  shape: SearchPaging;
}

function searchPlan(query: string, paging: { page?: string; limit?: number }): SearchPlan {
  const { limit, take, after } = keysetPage(paging, 1);
  const offset = after === undefined ? 0 : Math.max(0, Math.floor(Number(after[0])) || 0);
  return { words: queryWords(query), typing: isTyping(query), limit, shape: { offset, take, shown: limit, perPage: SECTIONS_PER_PAGE } };
}

/** `make`'s value, or undefined when it throws. */
function attempt<T>(make: () => T): T | undefined {
  try {
    return make();
  } catch {
    return undefined;
  }
}

const keyOf = (p: { spaceId: string; pageId: string }): string => `${p.spaceId}/${p.pageId}`;

function toPageResult(baseUrl: string, hit: PageHit): SearchPageResult {
  const pageUrl = `${baseUrl}/s/${hit.spaceId}/${hit.path}`;
  return {
    id: hit.pageId,
    title: hit.title,
    description: hit.description,
    path: hit.path,
    score: hit.score,
    rank: hit.rank,
    resultType: hit.sections.some((s) => s.titleHit) ? 'page' : 'section',
    sections: hit.sections.map(
      (s): SearchSectionResult => ({
        id: s.anchor ?? `${hit.pageId}-${s.idx}`,
        title: s.heading || hit.title,
        path: s.anchor ? `${hit.path}#${s.anchor}` : hit.path,
        score: s.score,
        resultType: 'section',
        body: s.excerpt,
        urls: { app: s.anchor ? `${pageUrl}#${s.anchor}` : pageUrl },
      }),
    ),
    ancestors: hit.ancestors,
    urls: { app: pageUrl },
  };
}
