import { expectError, expectOperation, OpenApiValidator, testStack } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, merge, newOrgAdmin } from './content-helpers';
import { newUser } from './helpers';

// The link operations exist only in @gitbook/api 0.181.0: their bodies are checked against it.
const v181 = new OpenApiValidator('@gitbook/api-0.181');

const text = (t: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: t, marks: [] }] });
const link = (ref: Record<string, unknown>, t: string) => ({ object: 'inline', type: 'link', data: { ref }, nodes: [text(t)] });
const para = (key: string, ...nodes: unknown[]) => ({ object: 'block', type: 'paragraph', key, data: {}, nodes });
const heading = (key: string, t: string) => ({ object: 'block', type: 'heading-2', key, data: {}, nodes: [text(t)] });
const doc = (...nodes: unknown[]) => ({ document: { object: 'document', data: {}, nodes } });

interface LinkList {
  count: number;
  next?: { page: string };
  stats: { total: number; broken: { total: number; changeRequest?: number } };
  items: Array<{
    status: string;
    targetReference?: { kind: string; page?: { id: string }; url?: string };
    locationReferences: Array<{ page: { id: string } }>;
  }>;
}
interface Locations {
  count: number;
  items: Array<{ kind: string; page: { id: string } }>;
}

describe('content links and backlinks', () => {
  let admin: Awaited<ReturnType<typeof newOrgAdmin>>;
  let spaceId: string;
  const ids: Record<string, string> = {};
  let fileId: string;

  beforeAll(async () => {
    admin = await newOrgAdmin('links');
    spaceId = (await createSpace(admin.client, admin.orgId, 'Linked')).id;
    const cr = await createChangeRequest(admin.client, spaceId, 'Seed links');
    const app = `${testStack().gatewayUrl}/s/${spaceId}/guide`;
    const result = await editContent(admin.client, spaceId, cr.id, [
      {
        operation: 'insert_files',
        files: [{ ref: 'notes', name: 'notes.txt', contentType: 'text/plain', base64: Buffer.from('n').toString('base64') }],
      },
      {
        operation: 'insert_page',
        ref: 'home',
        title: 'Home',
        document: doc(
          para(
            'p1',
            link({ kind: 'page', page: 'guide' }, 'guide'),
            link({ kind: 'anchor', page: 'guide', anchor: 'setup' }, 'setup'),
            link({ kind: 'anchor', page: 'guide', anchor: 'nowhere' }, 'bad anchor'),
            link({ kind: 'page', page: 'missing-page-id' }, 'gone'),
            link({ kind: 'file', file: 'notes' }, 'notes'),
            link({ kind: 'url', url: 'https://example.com/docs' }, 'external'),
            link({ kind: 'url', url: app }, 'in app'),
          ),
        ),
      },
      {
        operation: 'insert_page',
        ref: 'guide',
        title: 'Guide',
        document: doc(heading('h1', 'Setup'), para('p2', link({ kind: 'page', page: 'home' }, 'home'))),
      },
    ]);
    for (const change of result.changes) ids[change.ref!] = (change.page as { id: string }).id;
    fileId = (result as unknown as { insertedFiles: Array<{ id: string }> }).insertedFiles[0].id;
    await merge(admin.client, spaceId, cr.id);
  });

  it('lists a space links with statuses and stats, filtered by status and paginated', async () => {
    const all = expectOperation<LinkList>(await admin.client.get(`/v1/spaces/${spaceId}/links`), 'listSpaceLinks', 200, v181);
    // home → guide, guide#setup, guide#nowhere, missing page, file, 2 URLs; guide → home.
    expect(all.stats).toEqual({ total: 8, broken: { total: 2 } });
    expect(all.count).toBe(8);
    const broken = expectOperation<LinkList>(
      await admin.client.get(`/v1/spaces/${spaceId}/links?status=broken`),
      'listSpaceLinks',
      200,
      v181,
    );
    expect(broken.items.map((i) => i.status)).toEqual(['broken', 'broken']);
    expect(broken.items.every((i) => i.targetReference === undefined && i.locationReferences[0].page.id === ids.home)).toBe(true);
    const inApp = expectOperation<LinkList>(
      await admin.client.get(`/v1/spaces/${spaceId}/links?status=in-app`),
      'listSpaceLinks',
      200,
      v181,
    );
    expect(inApp.items).toHaveLength(1);
    const first = expectOperation<LinkList>(await admin.client.get(`/v1/spaces/${spaceId}/links?limit=5`), 'listSpaceLinks', 200, v181);
    const rest = expectOperation<LinkList>(
      await admin.client.get(`/v1/spaces/${spaceId}/links?limit=5&page=${first.next!.page}`),
      'listSpaceLinks',
      200,
      v181,
    );
    expect(first.items.length + rest.items.length).toBe(8);
    expect(rest.next).toBeUndefined();
  });

  it('lists a page links and the backlinks of a page and of a file', async () => {
    const pageLinks = expectOperation<LinkList>(
      await admin.client.get(`/v1/spaces/${spaceId}/content/page/${ids.home}/links`),
      'listPageLinksInSpace',
      200,
      v181,
    );
    expect(pageLinks.stats).toEqual({ total: 7, broken: { total: 2 } });
    const toGuide = pageLinks.items.find((i) => i.targetReference?.kind === 'page' && i.targetReference.page?.id === ids.guide);
    expect(toGuide?.status).toBe('ok');
    const backlinks = expectOperation<Locations>(
      await admin.client.get(`/v1/spaces/${spaceId}/content/page/${ids.guide}/backlinks`),
      'listSpacePageBacklinks',
      200,
      v181,
    );
    expect(backlinks.items.map((l) => l.page.id)).toEqual([ids.home]);
    const fileBacklinks = expectOperation<Locations>(
      await admin.client.get(`/v1/spaces/${spaceId}/content/files/${fileId}/backlinks`),
      'listSpaceFileBacklinks',
      200,
      v181,
    );
    expect(fileBacklinks.items.map((l) => l.page.id)).toEqual([ids.home]);
  });

  it('counts the links a change request breaks there, and not on main', async () => {
    const cr = await createChangeRequest(admin.client, spaceId, 'Delete the guide');
    await editContent(admin.client, spaceId, cr.id, [{ operation: 'delete_page', page: ids.guide }]);
    const crLinks = expectOperation<LinkList>(
      await admin.client.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/links?status=broken`),
      'listChangeRequestLinks',
      200,
      v181,
    );
    // guide, guide#setup become broken (guide#nowhere and the missing page were broken already).
    expect(crLinks.stats.broken).toEqual({ total: 4, changeRequest: 2 });
    const byCr = expectOperation<LinkList>(
      await admin.client.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/links?brokenContext=change-request`),
      'listChangeRequestLinks',
      200,
      v181,
    );
    expect(byCr.items).toHaveLength(2);
    const crPage = expectOperation<LinkList>(
      await admin.client.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${ids.home}/links`),
      'listPageLinksInChangeRequest',
      200,
      v181,
    );
    expect(crPage.stats.broken).toEqual({ total: 4, changeRequest: 2 });
    const crBacklinks = expectOperation<Locations>(
      await admin.client.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${ids.home}/backlinks`),
      'listChangeRequestPageBacklinks',
      200,
      v181,
    );
    expect(crBacklinks.count).toBe(0);
    expectOperation(
      await admin.client.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/files/${fileId}/backlinks`),
      'listChangeRequestFileBacklinks',
      200,
      v181,
    );
    const main = expectOperation<LinkList>(await admin.client.get(`/v1/spaces/${spaceId}/links`), 'listSpaceLinks', 200, v181);
    expect(main.stats.broken.total).toBe(2);
  });

  it('refuses bad input and hides other organizations', async () => {
    expectError(await admin.client.get(`/v1/spaces/${spaceId}/links?status=lost`), 400, /status/);
    expectError(await admin.client.get(`/v1/spaces/${spaceId}/links?limit=0`), 400, /limit/);
    expectError(await admin.client.get(`/v1/spaces/${spaceId}/links?page=%25%25`), 400, /page/);
    expectError(await admin.client.get(`/v1/spaces/${spaceId}/change-requests/1/links?brokenContext=all`), 400, /brokenContext/);
    expectError(await admin.client.get(`/v1/spaces/${spaceId}/content/page/nopage/links`), 404);
    expectError(await admin.client.get(`/v1/spaces/${spaceId}/content/files/nofile/backlinks`), 404);
    const stranger = await newUser('links-stranger');
    expectError(await stranger.client.get(`/v1/spaces/${spaceId}/links`), 404);
    expectError(await stranger.client.get(`/v1/spaces/${spaceId}/content/page/${ids.home}/backlinks`), 404);
  });
});
