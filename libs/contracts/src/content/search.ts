import type { List, PageQuery } from '../pagination';
import type { ContentSubjects } from './subjects';

/** Longest search query (the official `maxLength`). */
export const MAX_SEARCH_QUERY_LENGTH = 512;

/** Official `SearchSectionResult`. */
export interface SearchSectionResult {
  id: string;
  title: string;
  path: string;
  score: number;
  resultType: 'page' | 'section';
  /** A highlighted excerpt of the match (`<mark>` around matched words), plain text otherwise. */
  body: string;
  urls: { app: string };
}

/** Official `SearchPageResult`. */
export interface SearchPageResult {
  id: string;
  title: string;
  description: string;
  path: string;
  score: number;
  rank: number;
  resultType: 'page' | 'section';
  sections: SearchSectionResult[];
  ancestors: Array<{ title: string }>;
  urls: { app: string };
}

/** Official `SearchSpaceResult`. */
export interface SearchSpaceResult {
  type: 'space';
  id: string;
  title: string;
  score: number;
  pages: SearchPageResult[];
}

export interface SpaceSearchInput extends PageQuery {
  spaceId: string;
  query: string;
}

export interface OrgSearchInput extends PageQuery {
  organizationId: string;
  query: string;
}

/** Input of `content.published.search` (callerless, the reader): one space of `organizationId`, else 404. */
export interface PublishedSearchInput {
  organizationId: string;
  spaceId: string;
  query: string;
  limit?: number;
}

/** Payload of the `content.search-index` job: bring a space's index to its current main revision. */
export interface SearchIndexPayload {
  spaceId: string;
}

export interface SearchRpc {
  [ContentSubjects.spaceSearch]: { input: SpaceSearchInput; result: List<SearchPageResult> };
  [ContentSubjects.orgSearch]: { input: OrgSearchInput; result: List<SearchSpaceResult> };
  [ContentSubjects.publishedSearch]: { input: PublishedSearchInput; result: List<SearchPageResult> };
}
