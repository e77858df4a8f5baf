import { type ApiClient, expectOperation, waitForJob } from '@bindery/testing';
import { createChangeRequest, createSpace, documentOf, editContent, merge, newOrgAdmin } from './content-helpers';

/** Merges one page with `text` into the space; the id of the search index job the merge queued. */
async function mergePage(client: ApiClient, spaceId: string, title: string, text: string): Promise<string> {
  const cr = await createChangeRequest(client, spaceId, title);
  await editContent(client, spaceId, cr.id, [{ operation: 'insert_page', title, document: documentOf(['k', text]) }]);
  const { revision } = await merge(client, spaceId, cr.id);
  return `search-index-${spaceId}-${revision}-english`;
}

async function titlesFound(client: ApiClient, spaceId: string, query: string): Promise<string[]> {
  const response = await client.get(`/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}`);
  return expectOperation<{ items: Array<{ title: string }> }>(response, 'searchSpaceContent', 200).items.map((r) => r.title);
}

describe('search freshness under a burst of merges', () => {
  it('makes every merge of a burst searchable once its job has succeeded, though one run indexes several', async () => {
    const { client, orgId } = await newOrgAdmin('search-burst');
    const space = await createSpace(client, orgId, 'Burst');
    // Back to back: the first job indexes at once, the next ones land within its interval and are
    // deferred, then covered together by the run after it.
    const words = ['aardvark', 'bumblebee', 'chinchilla', 'dromedary', 'echidna'];
    const jobs: string[] = [];
    for (const word of words) jobs.push(await mergePage(client, space.id, `Page ${word}`, `All about the ${word}.`));

    for (const [i, jobId] of jobs.entries()) {
      await waitForJob('content', jobId, (s) => s.status === 'succeeded', 30_000);
      // A job succeeds only once its merge's text is in the index (run by it or by a later run).
      expect(await titlesFound(client, space.id, `${words[i]} `)).toEqual([`Page ${words[i]}`]);
    }
  });
});
