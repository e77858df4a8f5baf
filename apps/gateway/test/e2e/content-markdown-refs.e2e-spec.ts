import { expectOperation, OpenApiValidator, testStack } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, merge, newOrgAdmin, type PageBody, spacePage } from './content-helpers';
import { eventually } from './helpers';
import { png } from './test-images';

// The backlink operations exist only in @gitbook/api 0.181.0: their bodies are checked against it.
const v181 = new OpenApiValidator('@gitbook/api-0.181');

interface Locations {
  count: number;
  items: Array<{ kind: string; page: { id: string } }>;
}

/** Every `data.ref` of a page body, in document order. */
function refsOf(node: unknown): unknown[] {
  if (Array.isArray(node)) return node.flatMap(refsOf);
  if (!node || typeof node !== 'object') return [];
  const { data, ...rest } = node as { data?: { ref?: unknown } };
  return [...(data?.ref ? [data.ref] : []), ...Object.values(rest).flatMap(refsOf)];
}

// insert_page: "refs resolve to the page's id at apply time, regardless of order in the batch";
// Markdown links to a ref (`./reference.md`), to a page of the space by its path, or to a file
// (`./logo.png`) are references, so links and backlinks see them.
describe('Markdown links of a change request batch', () => {
  let admin: Awaited<ReturnType<typeof newOrgAdmin>>;
  let spaceId: string;
  const ids: Record<string, string> = {};
  let logoId: string;

  beforeAll(async () => {
    admin = await newOrgAdmin('mdrefs');
    spaceId = (await createSpace(admin.client, admin.orgId, 'Markdown refs')).id;
    const first = await createChangeRequest(admin.client, spaceId, 'Pages linking by ref');
    // The page linking comes before the page and the file it links to.
    const result = await editContent(admin.client, spaceId, first.id, [
      {
        operation: 'insert_page',
        ref: 'home',
        document: {
          markdown:
            '# Home\n\nSee the [Reference](./reference.md), its [setup](reference.md#setup) and ' +
            '[elsewhere](https://example.com/reference.md).\n\n![Logo](./logo.png)\n\n[Missing](./missing.md)\n',
        },
      },
      { operation: 'insert_page', ref: 'reference', document: { markdown: '# Reference\n\n## Setup\n\nBack [home](./home.md).\n' } },
      {
        operation: 'insert_files',
        files: [{ ref: 'logo', name: 'logo.png', contentType: 'image/png', base64: png(2, 2).toString('base64') }],
      },
    ]);
    for (const change of result.changes) ids[change.ref!] = (change.page as { id: string }).id;
    logoId = (result as unknown as { insertedFiles: Array<{ id: string }> }).insertedFiles[0].id;
    await merge(admin.client, spaceId, first.id);

    // A later batch names the existing page by its path and the existing file by its name.
    const second = await createChangeRequest(admin.client, spaceId, 'Page linking by path');
    const guide = await editContent(admin.client, spaceId, second.id, [
      {
        operation: 'insert_page',
        document: { markdown: '# Guide\n\nRead [the reference](./reference.md#setup).\n\n![Logo again](logo.png)\n' },
      },
    ]);
    ids.guide = (guide.changes[0].page as { id: string }).id;
    await merge(admin.client, spaceId, second.id);
  });

  it('stores page, anchor and file references, and leaves absolute and unknown URLs as written', async () => {
    const home = await spacePage(admin.client, spaceId, ids.home);
    expect(refsOf(home.document)).toEqual([
      { kind: 'page', page: ids.reference },
      { kind: 'anchor', page: ids.reference, anchor: 'setup' },
      { kind: 'url', url: 'https://example.com/reference.md' },
      { kind: 'file', file: logoId },
      { kind: 'url', url: './missing.md' },
    ]);
    const reference = await spacePage(admin.client, spaceId, ids.reference);
    expect(refsOf(reference.document)).toEqual([{ kind: 'page', page: ids.home }]);
    const guide = await spacePage(admin.client, spaceId, ids.guide);
    expect(refsOf(guide.document)).toEqual([
      { kind: 'anchor', page: ids.reference, anchor: 'setup' },
      { kind: 'file', file: logoId },
    ]);
  });

  it('lists the backlinks of the pages and of the file', async () => {
    const toReference = expectOperation<Locations>(
      await admin.client.get(`/v1/spaces/${spaceId}/content/page/${ids.reference}/backlinks`),
      'listSpacePageBacklinks',
      200,
      v181,
    );
    expect(toReference.items.map((l) => l.page.id).sort()).toEqual([ids.home, ids.guide].sort());
    const toHome = expectOperation<Locations>(
      await admin.client.get(`/v1/spaces/${spaceId}/content/page/${ids.home}/backlinks`),
      'listSpacePageBacklinks',
      200,
      v181,
    );
    expect(toHome.items.map((l) => l.page.id)).toEqual([ids.reference]);
    const toLogo = expectOperation<Locations>(
      await admin.client.get(`/v1/spaces/${spaceId}/content/files/${logoId}/backlinks`),
      'listSpaceFileBacklinks',
      200,
      v181,
    );
    expect(toLogo.items.map((l) => l.page.id).sort()).toEqual([ids.home, ids.guide].sort());
  });

  it('writes the references back as Markdown that resolves to the same references', async () => {
    const cr = await createChangeRequest(admin.client, spaceId, 'Round trip');
    const read = expectOperation<{ markdown: string }>(
      await admin.client.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${ids.home}?format=markdown`),
      'getPageInChangeRequestById',
      200,
    );
    expect(read.markdown).toContain(`/pages/${ids.reference}`);
    await editContent(admin.client, spaceId, cr.id, [{ operation: 'update_page', page: ids.home, document: { markdown: read.markdown } }]);
    const again = expectOperation<{ document: unknown }>(
      await admin.client.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${ids.home}`),
      'getPageInChangeRequestById',
      200,
    );
    expect(refsOf(again.document)).toEqual(refsOf((await spacePage(admin.client, spaceId, ids.home)).document));
  });

  it('serves the links and the image on the published site (no dead /pages/<id> or /files/<id> URLs)', async () => {
    const site = expectOperation<{ id: string }>(
      await admin.client.post(`/v1/orgs/${admin.orgId}/sites`, { title: 'Refs', spaces: [spaceId] }),
      'createSite',
      201,
    );
    const base = `/v1/orgs/${admin.orgId}/sites/${site.id}`;
    expectOperation(await admin.client.patch(base, { basename: 'refs', visibility: 'public' }), 'updateSiteById', 200);
    expectOperation(await admin.client.post(`${base}/publish`), 'publishSite', 200);
    const pages = expectOperation<{ pages: Array<PageBody & { path: string }> }>(
      await admin.client.get(`/v1/spaces/${spaceId}/content/pages`),
      'listPages',
      200,
    ).pages;
    const pathOf = (id: string) => pages.find((p) => p.id === id)!.path;
    const reader = testStack().readerUrl;
    let html = '';
    await eventually(async () => {
      const page = await fetch(`${reader}/${admin.orgId}/refs/${pathOf(ids.home)}`);
      expect(page.status).toBe(200);
      html = await page.text();
    }, 10_000);
    const article = html.slice(html.indexOf('<article'));
    expect(article).toContain(`href="/${admin.orgId}/refs/${pathOf(ids.reference)}"`);
    expect(article).toContain(`href="/${admin.orgId}/refs/${pathOf(ids.reference)}#setup"`);
    expect(article).not.toMatch(/(href|src)="\/(pages|files)\//);
    const image = /<img[^>]*\ssrc="([^"]+)"/.exec(article);
    expect(image).not.toBeNull();
    const bytes = await fetch(new URL(image![1].replace(/&amp;/g, '&'), `${reader}/${admin.orgId}/refs/`));
    expect(bytes.status).toBe(200);
  });
});
