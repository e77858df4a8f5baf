import type { SearchIndexPayload } from '@bindery/contracts';
import { enqueueJob } from '@bindery/platform';
import type { EntityManager } from 'typeorm';
import { searchConfig } from '../model/search-config';

export const SEARCH_INDEX_JOB = 'content.search-index';

/**
 * The indexing job of a space's main revision: one per revision and configuration (its id), so
 * a duplicate request is not queued twice.
 */
export function searchIndexJob(space: { id: string; revisionId: string; language?: string | null }): {
  type: string;
  payload: SearchIndexPayload;
  jobId: string;
} {
  return {
    type: SEARCH_INDEX_JOB,
    payload: { spaceId: space.id },
    jobId: `search-index-${space.id}-${space.revisionId}-${searchConfig(space.language)}`,
  };
}

/**
 * Queues the indexing of a space's new main revision, in the transaction that moved it. Lives in
 * the store so that every feature that moves a main revision (spaces, merges, templates) can
 * queue it without importing the search feature.
 */
export function enqueueSearchIndex(
  manager: EntityManager,
  space: { id: string; revisionId: string; language?: string | null },
): Promise<string> {
  const job = searchIndexJob(space);
  return enqueueJob(manager, job.type, job.payload, { jobId: job.jobId });
}

/**
 * Queues the indexing of spaces whose index may show a spec's generated pages from an outline
 * other than the one just stored (`hash`; null: the spec is gone), in the transaction that stored
 * it (`SpacesRepository.mayShowSpec` says which). The run finds what actually changed.
 */
export async function enqueueSearchIndexForSpec(
  manager: EntityManager,
  spaces: Array<{ id: string; revisionId: string; language: string | null }>,
  slug: string,
  hash: string | null,
): Promise<void> {
  for (const space of spaces) {
    const job = searchIndexJob(space);
    await enqueueJob(manager, job.type, job.payload, { jobId: `${job.jobId}-spec-${slug}-${hash ?? 'gone'}` });
  }
}
