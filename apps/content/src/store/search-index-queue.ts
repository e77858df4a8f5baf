import type { SearchIndexPayload } from '@bindery/contracts';
import { enqueueJob } from '@bindery/platform';
import type { EntityManager } from 'typeorm';
import { searchConfig } from '../model/search-config';

export const SEARCH_INDEX_JOB = 'content.search-index';

/**
 * Queues the indexing of a space's new main revision, in the transaction that moved it. One job
 * per revision and configuration: a duplicate request is not queued twice. Lives in the store so
 * that every feature that moves a main revision (spaces, merges, templates) can queue it without
 * importing the search feature.
 */
export function enqueueSearchIndex(
  manager: EntityManager,
  space: { id: string; revisionId: string; language?: string | null },
): Promise<string> {
  const payload: SearchIndexPayload = { spaceId: space.id };
  return enqueueJob(manager, SEARCH_INDEX_JOB, payload, {
    jobId: `search-index-${space.id}-${space.revisionId}-${searchConfig(space.language)}`,
  });
}
