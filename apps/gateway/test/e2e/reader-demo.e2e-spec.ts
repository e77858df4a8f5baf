import { createDemoSite } from '@bindery/stack';
import { expectOperation, identityCli, testStack } from '@bindery/testing';
import { createChangeRequest, editContent, merge, type PageBody } from './content-helpers';
import { eventually, newUser } from './helpers';
import { processed, specWhen } from './openapi-helpers';

/**
 * The demo site that the first `pnpm start` publishes (written through the API), read as a
 * visitor would: search of the published content over NATS, a renamed page's old path as a 301,
 * and a search that cannot reach another organization's space.
 */
describe('reader: the demo site, search and old paths', () => {
  // Search answers JSON to the page's script (Accept: application/json), a results page otherwise.
  const read = (path: string) =>
    fetch(`${testStack().readerUrl}${path}`, { redirect: 'manual', headers: { accept: 'application/json, text/html' } });

  it('publishes the demo site, searches it, and redirects a renamed page', async () => {
    const user = await newUser('reader-demo');
    const org = expectOperation<{ id: string }>(await user.client.post('/v1/orgs', { title: 'Demo org' }), 'createOrganization', 201);
    const token = ((await identityCli(['token:create', '--email', user.email])) as { token: string }).token;
    const demo = await createDemoSite({
      gatewayUrl: testStack().gatewayUrl,
      readerUrl: testStack().readerUrl,
      token,
      organizationId: org.id,
    });
    expect(demo.url).toBe(`${testStack().readerUrl}/${org.id}/docs`);
    const base = `/${org.id}/docs`;

    await eventually(async () => {
      const page = await read(`${base}/guides/configure`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<h1>Configure a site</h1>');
    }, 10_000);

    // Search: content's index of the published space (written by a background job), results as JSON for the box.
    type Results = { available: boolean; results: Array<{ title: string; url: string; snippet: string }> };
    let found: Results = { available: false, results: [] };
    await eventually(async () => {
      found = (await (await read(`${base}/~search?q=visibility`)).json()) as Results;
      expect(found.results.length).toBeGreaterThan(0);
    }, 20_000);
    expect(found.available).toBe(true);
    expect(found.results[0]).toMatchObject({ title: 'Configure a site' });
    expect(found.results[0].url.startsWith(`${base}/guides/configure`)).toBe(true);
    expect(found.results[0].snippet).not.toContain('<mark>');
    expect((await read(found.results[0].url.split('#')[0])).status).toBe(200);

    // Another organization's site cannot search this space (its own published spaces only), nor a hidden page.
    const other = await newUser('reader-other');
    const otherOrg = expectOperation<{ id: string }>(
      await other.client.post('/v1/orgs', { title: 'Other org' }),
      'createOrganization',
      201,
    );
    const otherToken = ((await identityCli(['token:create', '--email', other.email])) as { token: string }).token;
    await createDemoSite({
      gatewayUrl: testStack().gatewayUrl,
      readerUrl: testStack().readerUrl,
      token: otherToken,
      organizationId: otherOrg.id,
    });
    const cr0 = await createChangeRequest(user.client, demo.spaceId, 'Secret');
    const pages0 = expectOperation<{ pages: PageBody[] }>(
      await user.client.get(`/v1/spaces/${demo.spaceId}/content/pages`),
      'listPages',
      200,
    ).pages;
    await editContent(user.client, demo.spaceId, cr0.id, [
      { operation: 'update_page', page: pages0[0].id, document: { markdown: 'Only here: zanzibarite.\n' } },
      { operation: 'insert_page', title: 'Secret', hidden: true, document: { markdown: 'Hidden zanzibarite notes.\n' } },
    ]);
    await merge(user.client, demo.spaceId, cr0.id);
    await eventually(async () => {
      const mine = (await (await read(`${base}/~search?q=zanzibarite`)).json()) as Results;
      // The hidden page matches in content's index but is not published to readers: never a result.
      expect(mine.results.map((r) => r.title)).toEqual(['Welcome']);
    }, 20_000);
    const theirs = (await (await read(`/${otherOrg.id}/docs/~search?q=zanzibarite`)).json()) as Results;
    expect(theirs.results).toEqual([]);

    // A renamed page: the new path is served within seconds (events), the old one redirects.
    const pages = expectOperation<{ pages: PageBody[] }>(
      await user.client.get(`/v1/spaces/${demo.spaceId}/content/pages`),
      'listPages',
      200,
    ).pages;
    const guides = pages.find((p) => p.title === 'Guides') as PageBody & { pages: Array<PageBody & { path: string }> };
    const configure = guides.pages.find((p) => p.title === 'Configure a site')!;
    const cr = await createChangeRequest(user.client, demo.spaceId, 'Rename');
    await editContent(user.client, demo.spaceId, cr.id, [{ operation: 'update_page', page: configure.id, slug: 'setup' }]);
    await merge(user.client, demo.spaceId, cr.id);
    await eventually(async () => expect((await read(`${base}/guides/setup`)).status).toBe(200), 5_000);
    const moved = await read(`${base}/guides/configure`);
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`${base}/guides/setup`);
    expect((await read(`${base}/guides/configure.md`)).headers.get('location')).toBe(`${base}/guides/setup.md`);
    expect((await read(`${base}/guides/never-was`)).status).toBe(404);
  });

  it("renders an API reference page from the organization's OpenAPI spec", async () => {
    const user = await newUser('reader-api');
    const org = expectOperation<{ id: string }>(await user.client.post('/v1/orgs', { title: 'API org' }), 'createOrganization', 201);
    const token = ((await identityCli(['token:create', '--email', user.email])) as { token: string }).token;
    const spec = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1.0.0' },
      paths: {
        '/pets': {
          post: {
            summary: 'Add a pet',
            requestBody: {
              content: { 'application/json': { schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } } },
            },
            responses: { '201': { description: 'Created' } },
          },
        },
      },
    });
    expectOperation(
      await user.client.post(`/v1/orgs/${org.id}/openapi`, { slug: 'pets', source: { text: spec } }),
      'createOpenAPISpec',
      201,
    );
    await specWhen(user.client, org.id, 'pets', processed);
    const demo = await createDemoSite({
      gatewayUrl: testStack().gatewayUrl,
      readerUrl: testStack().readerUrl,
      token,
      organizationId: org.id,
    });
    const operation = {
      object: 'block',
      type: 'openapi-operation',
      isVoid: true,
      data: { ref: { kind: 'openapi', spec: 'pets' }, path: '/pets', method: 'post' },
    };
    const cr = await createChangeRequest(user.client, demo.spaceId, 'API page');
    await editContent(user.client, demo.spaceId, cr.id, [
      {
        operation: 'insert_page',
        title: 'Pets API',
        slug: 'pets-api',
        document: { document: { object: 'document', data: {}, nodes: [operation] } },
      },
    ]);
    await merge(user.client, demo.spaceId, cr.id);
    await eventually(async () => {
      const page = await fetch(`${testStack().readerUrl}/${org.id}/docs/pets-api`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<span class="oa-method oa-method-post">POST</span>');
      expect(html).toContain('<strong>Add a pet</strong>');
      expect(html).toContain(
        '<code class="oa-name">name</code> <span class="oa-type">string</span> <span class="oa-required">required</span>',
      );
    }, 10_000);
  });
});
