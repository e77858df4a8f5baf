import { createDemoSite } from '@bindery/stack';
import { type ApiClient, expectError, expectOperation, identityCli, testStack } from '@bindery/testing';
import { createChangeRequest, editContent, merge } from './content-helpers';
import { eventually, newUser } from './helpers';
import { processed, specWhen } from './openapi-helpers';

interface AnyPage {
  id: string;
  title: string;
  type: string;
  path?: string;
  computed?: { props: Record<string, unknown> };
  document?: { nodes: Array<{ type: string; data?: Record<string, unknown> }> };
  pages?: AnyPage[];
}

const operation = (summary: string, tag: string) => ({ summary, tags: [tag], responses: { '200': { description: 'ok' } } });

/** A small spec: `v2` adds a tag and an operation. */
const petSpec = (v2: boolean): string =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Pets', version: v2 ? '2.0.0' : '1.0.0' },
    tags: [{ name: 'Pets', description: 'Everything about pets' }, ...(v2 ? [{ name: 'Stores' }] : [])],
    paths: {
      '/pets': { get: operation('List pets', 'Pets'), post: operation('Add a pet', 'Pets') },
      ...(v2 ? { '/stores': { get: operation('List stores', 'Stores') } } : {}),
    },
    components: { schemas: { Pet: { type: 'object', properties: { name: { type: 'string' } } } } },
  });

const source = (grouping: string) => ({
  type: 'builtin:openapi',
  dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' } } },
  props: { models: true, grouping },
});

const spacePages = async (client: ApiClient, spaceId: string): Promise<AnyPage[]> =>
  expectOperation<{ pages: AnyPage[] }>(await client.get(`/v1/spaces/${spaceId}/content/pages`), 'listPages', 200).pages;

/** [title, children] of each page. */
const outline = (pages: AnyPage[]): unknown[] => pages.map((p) => [p.title, ...(p.pages?.length ? [outline(p.pages)] : [])]);

describe('computed OpenAPI pages (official RevisionPageComputed)', () => {
  it('generates children from the processed spec, regenerates them on a new version, and the reader shows them', async () => {
    const user = await newUser('computed');
    const org = expectOperation<{ id: string }>(await user.client.post('/v1/orgs', { title: 'Computed org' }), 'createOrganization', 201);
    const token = ((await identityCli(['token:create', '--email', user.email])) as { token: string }).token;
    const specs = `/v1/orgs/${org.id}/openapi`;
    expectOperation(await user.client.post(specs, { slug: 'pets', source: { text: petSpec(false) } }), 'createOpenAPISpec', 201);
    const first = await specWhen(user.client, org.id, 'pets', (s) => processed(s) && s.lastVersion !== undefined);
    const demo = await createDemoSite({
      gatewayUrl: testStack().gatewayUrl,
      readerUrl: testStack().readerUrl,
      token,
      organizationId: org.id,
    });
    const { client } = user;
    const spaceId = demo.spaceId;

    // Refused: a computed page without a source, with a document, or with a bad grouping (400 naming the field).
    const cr = await createChangeRequest(client, spaceId, 'API reference');
    const edit = (change: Record<string, unknown>) =>
      client.post(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content`, { changes: [change] });
    expectError(await edit({ operation: 'insert_page', type: 'computed', title: 'API' }), 400, /computed/);
    expectError(
      await edit({ operation: 'insert_page', type: 'computed', title: 'API', computed: source('by-tag'), document: { markdown: 'x' } }),
      400,
      /document/,
    );
    expectError(await edit({ operation: 'insert_page', type: 'computed', title: 'API', computed: source('by-path') }), 400, /grouping/);

    await editContent(client, spaceId, cr.id, [
      { operation: 'insert_page', type: 'computed', title: 'API reference', slug: 'api', computed: source('by-tag') },
    ]);
    await merge(client, spaceId, cr.id);

    const computedPage = (pages: AnyPage[]) => pages.find((p) => p.type === 'computed')!;
    let api = computedPage(await spacePages(client, spaceId));
    expect(api).toMatchObject({ title: 'API reference', path: 'api', computed: source('by-tag') });
    expect(outline(api.pages!)).toEqual([['Pets'], ['Models']]);
    const pets = api.pages![0];
    expect(pets).toMatchObject({ type: 'document', path: 'api/pets', computed: { props: { doc: 'operations', page: 'Pets' } } });
    expect(pets.document!.nodes.filter((n) => n.type === 'openapi-operation').map((n) => n.data!.method)).toEqual(['get', 'post']);
    // The page read alone: the same official shape.
    expectOperation(await client.get(`/v1/spaces/${spaceId}/content/page/${api.id}`), 'getPageById', 200);

    // The official computed operations.
    const revision = expectOperation<{ pages: AnyPage[]; files: unknown[] }>(
      await client.post(`/v1/spaces/${spaceId}/content/computed/revision`, { source: source('by-operation'), seed: 'preview' }),
      'getComputedRevision',
      200,
    );
    expect(outline(revision.pages)).toEqual([['Pets', [['List pets'], ['Add a pet']]], ['Models']]);
    const document = expectOperation<{ nodes: Array<{ type: string; data: Record<string, unknown> }> }>(
      await client.post(`/v1/spaces/${spaceId}/content/computed/document`, {
        source: { ...source('by-tag'), props: { doc: 'operation', page: '/pets', method: 'post' } },
        seed: 'preview',
      }),
      'getComputedDocument',
      200,
    );
    expect(document.nodes).toEqual([
      expect.objectContaining({ type: 'openapi-operation', data: expect.objectContaining({ path: '/pets', method: 'post' }) }),
    ]);
    expectError(await client.post(`/v1/spaces/${spaceId}/content/computed/revision`, { source: source('by-tag') }), 400, /seed/);
    expectError(
      await client.post(`/v1/spaces/${spaceId}/content/computed/revision`, {
        source: { ...source('by-tag'), dependencies: { spec: { ref: { kind: 'openapi', spec: 'nope' } } } },
        seed: 's',
      }),
      404,
      /nope/,
    );

    // The reader renders a generated page as an API reference page.
    await eventually(async () => {
      const page = await fetch(`${testStack().readerUrl}/${org.id}/docs/api/pets`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<span class="oa-method oa-method-post">POST</span>');
      expect(html).toContain('<strong>Add a pet</strong>');
    }, 10_000);

    // The Bindery extension of insert_page is documented in this server's OpenAPI document.
    const served = (await client.get('/v1/openapi.json')).body as { components: { schemas: Record<string, { allOf?: object[] }> } };
    const extension = served.components.schemas.ChangeRequestContentChangeInsertPage.allOf!.find((p) => 'x-bindery-extension' in p);
    expect(extension).toMatchObject({ properties: { type: { enum: expect.arrayContaining(['computed']) }, computed: expect.any(Object) } });
    expect(served.components.schemas.ComputedContentSourceRevisionOpenAPI).toBeDefined();

    // A new version of the spec: the children follow it.
    expectOperation(await client.put(`${specs}/pets`, { source: { text: petSpec(true) } }), 'createOrUpdateOpenAPISpecBySlug', 200);
    await specWhen(client, org.id, 'pets', (s) => processed(s) && s.lastVersion !== first.lastVersion);
    await eventually(async () => {
      api = computedPage(await spacePages(client, spaceId));
      expect(outline(api.pages!)).toEqual([['Pets'], ['Stores'], ['Models']]);
    }, 10_000);
  });
});
