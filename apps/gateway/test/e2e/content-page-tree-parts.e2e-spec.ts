import { expectOperation, testStack } from '@bindery/testing';
import { createChangeRequest, editContent, merge, type PageBody, paragraph } from './content-helpers';
import { eventually } from './helpers';
import { type SiteBody, siteWithSpaces } from './sites-helpers';

/**
 * A page tree larger than one reply comes from content in parts (over 56 MiB, a 1,000-page space;
 * under test over `PAGE_TREE_PART_BYTES`, lowered to 1 MiB by the global setup): the gateway and
 * the reader read every part and join them.
 */
describe('content: a page tree sent in parts', () => {
  const PAGES = 16;
  // ~80 KB of text a page: the tree is ~1.3 MB of JSON, over the lowered part size.
  const body = (i: number) => `Marker-${i} ${Array.from({ length: 8000 }, (_, w) => `w${w}ü`).join(' ')}`;

  it('is whole through the API and on the published site', async () => {
    expect(process.env.PAGE_TREE_PART_BYTES).toBe(String(1024 * 1024));
    const { client, orgId, spaceIds, base } = await siteWithSpaces(1, 'treeparts');
    const [spaceId] = spaceIds;
    const cr = await createChangeRequest(client, spaceId, 'Large');
    await editContent(
      client,
      spaceId,
      cr.id,
      Array.from({ length: PAGES }, (_, i) => ({
        operation: 'insert_page',
        ref: `p${i}`,
        title: `Page ${i}`,
        document: { document: { object: 'document', data: {}, nodes: [paragraph(`k${i}`, body(i))] } },
      })),
    );
    await merge(client, spaceId, cr.id);

    const { pages } = expectOperation<{ pages: Array<PageBody & { path: string }> }>(
      await client.get(`/v1/spaces/${spaceId}/content/pages`),
      'listPages',
      200,
    );
    expect(pages.map((page) => page.title)).toEqual(Array.from({ length: PAGES }, (_, i) => `Page ${i}`));
    expect(pages.map((page) => page.document?.nodes[0].nodes[0].leaves[0].text)).toEqual(Array.from({ length: PAGES }, (_, i) => body(i)));
    const revision = expectOperation<{ pages: PageBody[] }>(await client.get(`/v1/spaces/${spaceId}/content`), 'getCurrentRevision', 200);
    expect(revision.pages.map((page) => page.title)).toEqual(pages.map((page) => page.title));

    expectOperation<SiteBody>(await client.patch(base, { basename: 'large', visibility: 'public' }), 'updateSiteById', 200);
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);
    const read = (path: string) => fetch(`${testStack().readerUrl}/${orgId}/large/${path}`, { redirect: 'manual' });
    const last = pages[PAGES - 1];
    await eventually(async () => expect((await read(last.path)).status).toBe(200), 15_000);
    for (const [i, page] of pages.entries()) {
      const response = await read(page.path);
      expect([page.path, response.status, (await response.text()).includes(`Marker-${i}`)]).toEqual([page.path, 200, true]);
    }
  });
});
