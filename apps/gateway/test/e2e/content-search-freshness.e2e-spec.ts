import { type ApiClient, expectOperation, waitForJob } from '@bindery/testing';
import { createChangeRequest, createSpace, documentOf, editContent, merge, newOrgAdmin } from './content-helpers';

/** Merges one page with `text` into the space. */
async function mergePage(client: ApiClient, spaceId: string, title: string, text: string): Promise<void> {
  const cr = await createChangeRequest(client, spaceId, title);
  await editContent(client, spaceId, cr.id, [{ operation: 'insert_page', title, document: documentOf(['k', text]) }]);
  await merge(client, spaceId, cr.id);
}

async function titlesFound(client: ApiClient, spaceId: string, query: string): Promise<string[]> {
  const response = await client.get(`/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}`);
  return expectOperation<{ items: Array<{ title: string }> }>(response, 'searchSpaceContent', 200).items.map((r) => r.title);
}

/**
 * Waits for the space's search index job (one pending job per space, queued by every merge) to
 * succeed: it does only once a run that began after the last merge before the wait has ended.
 */
const indexed = (spaceId: string) => waitForJob('content', `search-index-${spaceId}`, (s) => s.status === 'succeeded', 30_000);

describe('search freshness under a burst of merges', () => {
  it('leaves the index at the newest revision after a burst of merges, though one job covers them, and again after the next burst', async () => {
    const { client, orgId } = await newOrgAdmin('search-burst');
    const space = await createSpace(client, orgId, 'Burst');
    // Back to back: the first merge queues the job, the next ones land while it is queued (adding
    // nothing), while it runs (it runs again), or after it (queued again, deferred to the interval's end).
    const first = ['aardvark', 'bumblebee', 'chinchilla', 'dromedary', 'echidna'];
    for (const word of first) await mergePage(client, space.id, `Page ${word}`, `All about the ${word}.`);
    await indexed(space.id);
    for (const word of first) expect(await titlesFound(client, space.id, `${word} `)).toEqual([`Page ${word}`]);

    // The job succeeded: the next merges queue it afresh.
    const next = ['flamingo', 'gazelle'];
    for (const word of next) await mergePage(client, space.id, `Page ${word}`, `All about the ${word}.`);
    await indexed(space.id);
    for (const word of [...first, ...next]) expect(await titlesFound(client, space.id, `${word} `)).toEqual([`Page ${word}`]);
  });
});
