import { type ApiClient, expectError, expectOperation, OpenApiValidator } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, merge, newOrgAdmin } from './content-helpers';
import { eventually } from './helpers';
import { processed, specWhen } from './openapi-helpers';

/** The official backlink operations are in the 0.181 document (as in content-links). */
const v181 = new OpenApiValidator('@gitbook/api-0.181');

interface AnyPage {
  id: string;
  title: string;
  type: string;
  path?: string;
  markdown?: string;
  computed?: { props: Record<string, unknown> };
  document?: { nodes: Array<{ type: string; data?: Record<string, unknown> }> };
  pages?: AnyPage[];
}

const operation = (summary: string) => ({ summary, tags: ['Pets'], responses: { '200': { description: 'ok' } } });
const petSpec = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  tags: [{ name: 'Pets', description: 'Everything about pets' }],
  paths: { '/pets': { get: operation('List pets'), post: operation('Adopt a pet') } },
});
const source = {
  type: 'builtin:openapi',
  dependencies: { spec: { ref: { kind: 'openapi', spec: 'pets' } } },
  props: { models: false, grouping: 'by-operation' },
};

/** A space whose current revision holds a computed page `api` (Pets → List pets, Adopt a pet), and its change request. */
async function computedSpace(): Promise<{ client: ApiClient; spaceId: string; crNumber: number; revision: string }> {
  const { client, orgId } = await newOrgAdmin('computed-reads');
  expectOperation(await client.post(`/v1/orgs/${orgId}/openapi`, { slug: 'pets', source: { text: petSpec } }), 'createOpenAPISpec', 201);
  await specWhen(client, orgId, 'pets', (s) => processed(s) && s.lastVersion !== undefined);
  const space = await createSpace(client, orgId);
  const cr = await createChangeRequest(client, space.id, 'API reference');
  await editContent(client, space.id, cr.id, [{ operation: 'insert_page', type: 'computed', title: 'API', slug: 'api', computed: source }]);
  const merged = await merge(client, space.id, cr.id);
  const open = await createChangeRequest(client, space.id, 'Later edits');
  return { client, spaceId: space.id, crNumber: open.number, revision: merged.revision };
}

describe('generated pages of a computed page, read alone', () => {
  let client: ApiClient;
  let spaceId: string;
  let crNumber: number;
  let revision: string;
  let api: AnyPage;

  beforeAll(async () => {
    ({ client, spaceId, crNumber, revision } = await computedSpace());
    const { pages } = expectOperation<{ pages: AnyPage[] }>(await client.get(`/v1/spaces/${spaceId}/content/pages`), 'listPages', 200);
    api = pages.find((p) => p.type === 'computed')!;
  });

  it('reads a generated page by id and by path in the space, a change request and a revision (official shapes)', async () => {
    const adopt = api.pages![0].pages![1];
    expect(adopt).toMatchObject({ title: 'Adopt a pet', path: 'api/pets/adopt-a-pet' });
    const reads: Array<[string, string]> = [
      [`/v1/spaces/${spaceId}/content/page/${adopt.id}`, 'getPageById'],
      [`/v1/spaces/${spaceId}/change-requests/${crNumber}/content/page/${adopt.id}`, 'getPageInChangeRequestById'],
      [`/v1/spaces/${spaceId}/revisions/${revision}/page/${adopt.id}`, 'getPageInRevisionById'],
      [`/v1/spaces/${spaceId}/content/path/api/pets/adopt-a-pet`, 'getPageByPath'],
      [`/v1/spaces/${spaceId}/change-requests/${crNumber}/content/path/api/pets/adopt-a-pet`, 'getPageInChangeRequestByPath'],
      [`/v1/spaces/${spaceId}/revisions/${revision}/path/api/pets/adopt-a-pet`, 'getPageInRevisionByPath'],
    ];
    for (const [url, operationId] of reads) {
      const page = expectOperation<AnyPage>(await client.get(url), operationId, 200);
      expect(page).toMatchObject({
        id: adopt.id,
        type: 'document',
        computed: { props: { doc: 'operation', page: '/pets', method: 'post' } },
      });
      expect(page.document!.nodes.map((n) => n.type)).toEqual(['openapi-operation']);
    }
    // The tag page, with its generated operations below it; and the Markdown form.
    const tag = expectOperation<AnyPage>(await client.get(`/v1/spaces/${spaceId}/content/path/api/pets`), 'getPageByPath', 200);
    expect(tag.pages!.map((p) => p.title)).toEqual(['List pets', 'Adopt a pet']);
    const markdown = expectOperation<AnyPage>(
      await client.get(`/v1/spaces/${spaceId}/content/page/${adopt.id}?format=markdown`),
      'getPageById',
      200,
    );
    expect(markdown.document).toBeUndefined();
    expect(typeof markdown.markdown).toBe('string');

    expectError(await client.get(`/v1/spaces/${spaceId}/content/path/api/pets/nope`), 404);
    expectError(await client.get(`/v1/spaces/${spaceId}/revisions/${revision}/page/nopenopenopenopenope`), 404);
    expectError(await client.get(`/v1/spaces/${spaceId}/revisions/nopenopenopenopenope/page/${adopt.id}`), 404, /revision/);
  });

  it('computed=false (official revisionComputed) leaves computed pages without generated pages, and is validated', async () => {
    const adopt = api.pages![0].pages![1];
    const uncomputed = (pages: AnyPage[]) => pages.find((p) => p.type === 'computed')!;
    const list = expectOperation<{ pages: AnyPage[] }>(
      await client.get(`/v1/spaces/${spaceId}/content/pages?computed=false`),
      'listPages',
      200,
    );
    expect(uncomputed(list.pages)).toMatchObject({ id: api.id, pages: [] });
    const inCr = expectOperation<{ pages: AnyPage[] }>(
      await client.get(`/v1/spaces/${spaceId}/change-requests/${crNumber}/content/pages?computed=false`),
      'listPagesInChangeRequest',
      200,
    );
    expect(uncomputed(inCr.pages).pages).toEqual([]);
    const current = expectOperation<{ pages: AnyPage[] }>(
      await client.get(`/v1/spaces/${spaceId}/content?computed=false`),
      'getCurrentRevision',
      200,
    );
    expect(uncomputed(current.pages).pages).toEqual([]);
    const alone = expectOperation<AnyPage>(
      await client.get(`/v1/spaces/${spaceId}/content/page/${api.id}?computed=false`),
      'getPageById',
      200,
    );
    expect(alone.pages).toEqual([]);
    // Not computed, a generated page does not exist.
    expectError(await client.get(`/v1/spaces/${spaceId}/content/page/${adopt.id}?computed=false`), 404);
    expectError(await client.get(`/v1/spaces/${spaceId}/content/path/api/pets?computed=false`), 404);
    // The computed tree is still served as such after the uncomputed one was cached.
    const again = expectOperation<{ pages: AnyPage[] }>(await client.get(`/v1/spaces/${spaceId}/content/pages`), 'listPages', 200);
    expect(uncomputed(again.pages).pages!.map((p) => p.title)).toEqual(['Pets']);
    expectError(await client.get(`/v1/spaces/${spaceId}/content/pages?computed=maybe`), 400, /computed/);
    expectError(await client.get(`/v1/spaces/${spaceId}/content/page/${api.id}?computed=1`), 400, /computed/);
  });

  it('finds generated pages in search, by operation summary and by path', async () => {
    const adopt = api.pages![0].pages![1];
    type Hit = { id: string; title: string; path: string; ancestors: Array<{ title: string }> };
    const search = async (query: string) =>
      expectOperation<{ items: Hit[] }>(
        await client.get(`/v1/spaces/${spaceId}/search?query=${encodeURIComponent(query)}`),
        'searchSpaceContent',
        200,
      ).items;
    await eventually(async () => {
      const hits = await search('adopt');
      expect(hits.map((p) => [p.id, p.title, p.path])).toEqual([[adopt.id, 'Adopt a pet', 'api/pets/adopt-a-pet']]);
      expect(hits[0].ancestors.map((a) => a.title)).toEqual(['API', 'Pets']);
    }, 20_000);
    expect((await search('/pets')).map((p) => p.title)).toEqual(expect.arrayContaining(['List pets', 'Adopt a pet']));
  });
});

describe('search follows the spec a computed page generates from', () => {
  it('indexes generated pages when the spec is processed after the merge, and again for each new version', async () => {
    const { client, orgId } = await newOrgAdmin('computed-search');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id, 'API first, spec later');
    await editContent(client, space.id, cr.id, [
      { operation: 'insert_page', type: 'computed', title: 'API', slug: 'api', computed: source },
    ]);
    await merge(client, space.id, cr.id);
    const titles = async (query: string) =>
      expectOperation<{ items: Array<{ title: string }> }>(
        await client.get(`/v1/spaces/${space.id}/search?query=${encodeURIComponent(query)}`),
        'searchSpaceContent',
        200,
      ).items.map((p) => p.title);
    // The merge is indexed before the spec exists: the computed page alone.
    await eventually(async () => expect(await titles('API')).toEqual(['API']), 20_000);
    expect(await titles('adopt')).toEqual([]);

    // No read of the space in between: the spec's processing alone brings its pages into the index.
    expectOperation(await client.post(`/v1/orgs/${orgId}/openapi`, { slug: 'pets', source: { text: petSpec } }), 'createOpenAPISpec', 201);
    await specWhen(client, orgId, 'pets', (s) => processed(s) && s.lastVersion !== undefined);
    await eventually(async () => expect(await titles('adopt')).toEqual(['Adopt a pet']), 20_000);

    // A new version renames an operation: the old generated page leaves the index with it.
    const renamed = petSpec.replace('Adopt a pet', 'Rehome a pet');
    expectOperation(
      await client.put(`/v1/orgs/${orgId}/openapi/pets`, { source: { text: renamed } }),
      'createOrUpdateOpenAPISpecBySlug',
      200,
    );
    await eventually(async () => expect(await titles('rehome')).toEqual(['Rehome a pet']), 20_000);
    expect(await titles('adopt')).toEqual([]);
    expect(await titles('list')).toEqual(['List pets']);
  });
});

describe('reusable content operations refuse page fields', () => {
  it('answers 400 naming the page field instead of ignoring it', async () => {
    const { client, orgId } = await newOrgAdmin('reusable-fields');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id, 'Shared');
    const post = (change: Record<string, unknown>) =>
      client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes: [change] });
    const insert = { operation: 'insert_reusable_content', title: 'Note' };
    const pageFields: Array<[string, unknown]> = [
      ['slug', 'note'],
      ['into', 'somepage'],
      ['into', null],
      ['at', 0],
      ['page', 'somepage'],
      ['hidden', true],
      ['noIndex', false],
      ['noRobotsIndex', true],
      ['emoji', '1f4a1'],
      ['icon', 'bell'],
      ['description', 'A note'],
    ];
    for (const [field, value] of pageFields)
      expectError(await post({ ...insert, [field]: value }), 400, new RegExp(`${field} is not allowed`));
    const created = await editContent(client, space.id, cr.id, [{ ...insert, ref: 'n' }]);
    const id = (created as unknown as { insertedReusableContents: Array<{ id: string }> }).insertedReusableContents[0].id;
    expectError(
      await post({ operation: 'update_reusable_content', reusableContent: id, slug: 'x' }),
      400,
      /slug is not allowed with update_reusable_content/,
    );
    expectError(await post({ operation: 'delete_reusable_content', reusableContent: id, hidden: true }), 400, /hidden is not allowed/);
    // Page operations still take them.
    expectOperation(
      await post({ operation: 'insert_page', title: 'Page', slug: 'page', hidden: true, document: { markdown: 'x' } }),
      'updateChangeRequestContent',
      200,
    );
  });
});

describe('link pages in links and backlinks', () => {
  it('lists a link page whose target is a page among the backlinks of that page', async () => {
    const { client, orgId } = await newOrgAdmin('link-backlinks');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id, 'Shortcut');
    await editContent(client, space.id, cr.id, [
      { operation: 'insert_page', title: 'Guide', slug: 'guide', document: { markdown: 'Read me.' } },
    ]);
    const { pages } = expectOperation<{ pages: AnyPage[] }>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`),
      'listPagesInChangeRequest',
      200,
    );
    const guide = pages.find((p) => p.title === 'Guide')!;
    await editContent(client, space.id, cr.id, [
      { operation: 'insert_page', type: 'link', title: 'Shortcut to the guide', target: { kind: 'page', page: guide.id } },
    ]);
    await merge(client, space.id, cr.id);
    const backlinks = expectOperation<{ items: Array<{ page: AnyPage }> }>(
      await client.get(`/v1/spaces/${space.id}/content/page/${guide.id}/backlinks`),
      'listSpacePageBacklinks',
      200,
      v181,
    );
    expect(backlinks.items.map((l) => [l.page.type, l.page.title])).toEqual([['link', 'Shortcut to the guide']]);
  });
});

describe('dereferenced=true (official documentDereferenced) on page reads', () => {
  it('expands reusable-content blocks inline with the shared body', async () => {
    const { client, orgId } = await newOrgAdmin('dereferenced');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id, 'Shared');
    const leaf = (key: string, text: string) => ({
      object: 'block',
      type: 'paragraph',
      key,
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }],
    });
    const include = {
      object: 'block',
      type: 'reusable-content',
      key: 'inc',
      isVoid: true,
      data: { ref: { kind: 'reusable-content', reusableContent: 'warn' } },
    };
    const doc = (...nodes: unknown[]) => ({ document: { object: 'document', data: {}, nodes } });
    await editContent(client, space.id, cr.id, [
      { operation: 'insert_reusable_content', ref: 'warn', title: 'Warning', document: doc(leaf('w', 'Mind the gap')) },
      { operation: 'insert_page', title: 'Alpha', slug: 'alpha', document: doc(leaf('a', 'Alpha text'), include) },
    ]);
    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}/content/path/alpha`;
    type Doc = { nodes: Array<{ type: string; nodes?: Array<{ leaves?: Array<{ text: string }> }> }> };
    const types = (page: { document?: Doc }) => page.document!.nodes.map((n) => n.type);
    const plain = expectOperation<{ document?: Doc }>(await client.get(url), 'getPageInChangeRequestByPath', 200);
    expect(types(plain)).toEqual(['paragraph', 'reusable-content']);
    const expanded = expectOperation<{ id: string; document?: Doc }>(
      await client.get(`${url}?dereferenced=true`),
      'getPageInChangeRequestByPath',
      200,
    );
    expect(types(expanded)).toEqual(['paragraph', 'paragraph']);
    expect(expanded.document!.nodes[1].nodes![0].leaves![0].text).toBe('Mind the gap');
    const byId = expectOperation<{ document?: Doc }>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${expanded.id}?dereferenced=reusable-contents`),
      'getPageInChangeRequestById',
      200,
    );
    expect(types(byId)).toEqual(['paragraph', 'paragraph']);
    expectError(await client.get(`${url}?dereferenced=maybe`), 400, /dereferenced/);
  });
});
