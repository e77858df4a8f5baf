import type { SearchIndexPayload } from '@bindery/contracts';
import { enqueueJob } from '@bindery/platform';
import type { EntityManager } from 'typeorm';

export const SEARCH_INDEX_JOB = 'content.search-index';

/** The space whose index to bring up to date: only its id matters (its revision and language are read by the run). */
export interface SpaceToIndex {
  id: string;
  revisionId?: string;
  language?: string | null;
}

/**
 * The indexing job of a space: one pending job per space (its id), queued coalesced (see
 * `COALESCED_JOB_SQL`), since a run indexes the space as it is when the run begins, whatever asked
 * for it. A merge while the job is queued adds nothing (the queued run will see it); one while it
 * runs has it run once more; one after it finished queues it again.
 */
export function searchIndexJob(space: SpaceToIndex): { type: string; payload: SearchIndexPayload; jobId: string } {
  return { type: SEARCH_INDEX_JOB, payload: { spaceId: space.id }, jobId: `search-index-${space.id}` };
}

/**
 * Queues the indexing of a space's new main revision (or language), in the transaction that moved
 * it. Lives in the store so that every feature that moves a main revision (spaces, merges,
 * templates) can queue it without importing the search feature. Merges queue it in their write
 * batch (`WriteBatch.coalescedJob`) instead.
 */
export function enqueueSearchIndex(manager: EntityManager, space: SpaceToIndex): Promise<string> {
  const job = searchIndexJob(space);
  return enqueueJob(manager, job.type, job.payload, { jobId: job.jobId, coalesce: true });
}

/**
 * Queues the indexing of spaces whose index may show a spec's generated pages from an outline
 * other than the one just stored (`_slug`, `_hash`: which, for the caller's reading), in the transaction that stored it (`SpacesRepository.mayShowSpec`
 * says which). The run finds what actually changed (the outlines it indexed are recorded).
 */
export async function enqueueSearchIndexForSpec(
  manager: EntityManager,
  spaces: SpaceToIndex[],
  _slug: string,
  _hash: string | null,
): Promise<void> {
  for (const space of spaces) await enqueueSearchIndex(manager, space);
}
