import { expectError, expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, merge, newOrgAdmin, type PageBody, seedSpace } from './content-helpers';
import { eventually, newUser } from './helpers';

interface PageList {
  pages: Array<PageBody & { urls: { app: string } }>;
}

/** The page tree is cached by tag in content and in the gateway; these tests prove it is never stale nor leaked. */
describe('page tree reads', () => {
  it('tags the tree with an ETag, answers a matching If-None-Match with 304, and serves a new tree after a merge', async () => {
    const { client, orgId } = await newOrgAdmin('tree-etag');
    const space = await createSpace(client, orgId);
    const ids = await seedSpace(client, space.id);
    const first = await client.get(`/v1/spaces/${space.id}/content/pages`);
    expect(expectOperation<PageList>(first, 'listPages', 200).pages.map((p) => p.title)).toEqual(['Intro', 'Guide']);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await client.get(`/v1/spaces/${space.id}/content/pages`);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.body).toEqual(first.body);
    const unchanged = await client.request('GET', `/v1/spaces/${space.id}/content/pages`, undefined, { 'if-none-match': etag! });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toBe('');

    // The gateway holds the old tree; the merge must still show at once.
    const cr = await createChangeRequest(client, space.id);
    await editContent(client, space.id, cr.id, [{ operation: 'update_page', page: ids.Intro, title: 'Introduction' }]);
    await merge(client, space.id, cr.id);
    const moved = await client.request('GET', `/v1/spaces/${space.id}/content/pages`, undefined, { 'if-none-match': etag! });
    expect(expectOperation<PageList>(moved, 'listPages', 200).pages.map((p) => p.title)).toEqual(['Introduction', 'Guide']);
    expect(moved.headers.get('etag')).not.toBe(etag);
    // The revision read joins the same cached tree in: it must be the new one too, with its files.
    const revision = expectOperation<PageList & { id: string; files: unknown[] }>(
      await client.get(`/v1/spaces/${space.id}/content`),
      'getCurrentRevision',
      200,
    );
    expect(revision.pages.map((p) => p.title)).toEqual(['Introduction', 'Guide']);
    expect(revision.files).toEqual([]);
  });

  it("gives a change request its own tree (its own URLs) even at the space's revision", async () => {
    const { client, orgId } = await newOrgAdmin('tree-cr');
    const space = await createSpace(client, orgId);
    await seedSpace(client, space.id);
    const spaceTree = await client.get(`/v1/spaces/${space.id}/content/pages`);
    const cr = await createChangeRequest(client, space.id);
    const crTree = await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`);
    const crPages = expectOperation<PageList>(crTree, 'listPagesInChangeRequest', 200).pages;
    expect(crPages.map((p) => p.title)).toEqual(['Intro', 'Guide']);
    expect(crPages[0].urls.app).toContain(`/~/changes/${cr.number}`);
    expect(crTree.headers.get('etag')).not.toBe(spaceTree.headers.get('etag'));
  });

  it('checks access on every read, also when the tree is cached', async () => {
    const { client, orgId } = await newOrgAdmin('tree-access');
    const space = await createSpace(client, orgId);
    await seedSpace(client, space.id);
    const cached = await client.get(`/v1/spaces/${space.id}/content/pages`);
    expect(cached.status).toBe(200);
    const stranger = await newUser('tree-stranger');
    const refused = await stranger.client.request('GET', `/v1/spaces/${space.id}/content/pages`, undefined, {
      'if-none-match': cached.headers.get('etag')!,
    });
    expectError(refused, 404, /No matching space/);
    expectError(await stranger.client.get(`/v1/spaces/${space.id}/change-requests/1/content/pages`), 404, /No matching space/);
  });

  it('sends the tree gzip-compressed to a client that accepts it, once compressed, and plain to one that does not', async () => {
    const { client, orgId } = await newOrgAdmin('tree-gzip');
    const space = await createSpace(client, orgId);
    await seedSpace(client, space.id);
    const path = `/v1/spaces/${space.id}/content/pages`;
    const plain = await client.request('GET', path, undefined, { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/accept-encoding/i);
    await eventually(async () => {
      const compressed = await client.request('GET', path, undefined, { 'accept-encoding': 'gzip' });
      expect(compressed.headers.get('content-encoding')).toBe('gzip');
      expect(expectOperation<PageList>(compressed, 'listPages', 200)).toEqual(plain.body);
    });
    const refused = await client.request('GET', path, undefined, { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers.get('content-encoding')).toBeNull();
  });
});
