import { expectError } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, newOrgAdmin, type PageBody } from './content-helpers';
import { newUser } from './helpers';

const titles = (pages: PageBody[]): unknown[] => pages.map((p) => (p.pages.length > 0 ? [p.title, titles(p.pages)] : p.title));

describe('content templates', () => {
  let admin: Awaited<ReturnType<typeof newOrgAdmin>>;
  let spaceId: string;

  beforeAll(async () => {
    admin = await newOrgAdmin('templates');
    spaceId = (await createSpace(admin.client, admin.orgId, 'Templated')).id;
  });

  const pagesOf = async (path: string): Promise<PageBody[]> => {
    const response = await admin.client.get(path);
    expect(response.status).toBe(200);
    return (response.body as { pages: PageBody[] }).pages;
  };

  it('applies a template to the main content, with real page bodies and a logo reference', async () => {
    const cr = await createChangeRequest(admin.client, spaceId, 'Logo');
    const upload = await editContent(admin.client, spaceId, cr.id, [
      {
        operation: 'insert_files',
        files: [{ name: 'logo.png', contentType: 'image/png', base64: Buffer.from('logo').toString('base64') }],
      },
    ]);
    const logo = (upload as unknown as { insertedFiles: Array<{ id: string }> }).insertedFiles[0].id;
    // The file lives in the change request only: main content has no such file yet.
    expectError(
      await admin.client.post(`/v1/spaces/${spaceId}/content/template`, {
        id: 'product-docs',
        params: { contentRefs: { logo: { kind: 'file', file: logo } } },
      }),
      400,
      /params\.contentRefs\.logo\.file/,
    );
    const applied = await admin.client.post(`/v1/spaces/${spaceId}/content/template`, { id: 'product-docs' });
    // The official answer: 201, "Template applied to space.", no body.
    expect(applied.status).toBe(201);
    expect(applied.body).toBe('');
    const pages = await pagesOf(`/v1/spaces/${spaceId}/content/pages`);
    expect(titles(pages)).toEqual(['Overview', 'Quickstart', ['Guides', ['Configuration', 'Troubleshooting']]]);
    const quickstart = (await admin.client.get(`/v1/spaces/${spaceId}/content/page/${pages[1].id}?format=markdown`)).body as {
      markdown: string;
    };
    expect(quickstart.markdown).toContain('npm install your-product');

    const withLogo = await admin.client.post(`/v1/spaces/${spaceId}/content/template`, {
      id: 'blank',
      changeRequestId: cr.id,
      params: { contentRefs: { logo: { kind: 'file', file: logo } } },
    });
    expect(withLogo.status).toBe(201);
    const crPages = await pagesOf(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/pages`);
    // The change request was opened before the first template reached main content.
    expect(crPages.map((p) => p.title)).toEqual(['Welcome']);
    const welcome = (await admin.client.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/page/${crPages[0].id}`))
      .body as PageBody & {
      document: { nodes: Array<{ type: string; nodes?: Array<{ data?: { ref?: unknown } }> }> };
    };
    expect(welcome.document.nodes[0].type).toBe('images');
    expect(welcome.document.nodes[0].nodes[0].data!.ref).toEqual({ kind: 'file', file: logo });
    // Main content did not change.
    expect((await pagesOf(`/v1/spaces/${spaceId}/content/pages`)).length).toBe(3);
  });

  it('refuses unknown templates, bad references and callers without edit rights', async () => {
    const url = `/v1/spaces/${spaceId}/content/template`;
    expectError(await admin.client.post(url, { id: 'no-such-template' }), 400, /id: unknown template/);
    expectError(await admin.client.post(url, {}), 400, /id/);
    expectError(await admin.client.post(url, { id: 'blank', params: 'x' }), 400, /params/);
    expectError(
      await admin.client.post(url, { id: 'blank', params: { contentRefs: { cover: { kind: 'file', file: 'f' } } } }),
      400,
      /contentRefs\.cover/,
    );
    expectError(
      await admin.client.post(url, { id: 'blank', params: { contentRefs: { logo: { kind: 'url', file: 'f' } } } }),
      400,
      /logo\.kind/,
    );
    expectError(await admin.client.post(url, { id: 'blank', changeRequestId: 'nosuchcr' }), 404);
    expectError(await (await newUser('templates-stranger')).client.post(url, { id: 'blank' }), 404);
  });
});
