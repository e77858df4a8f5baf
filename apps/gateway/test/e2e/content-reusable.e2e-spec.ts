import { type ApiClient, expectError, expectOperation, testStack } from '@bindery/testing';
import { createChangeRequest, createSpace, documentOf, editContent, merge, newOrgAdmin, paragraph } from './content-helpers';
import { eventually } from './helpers';
import { type SiteBody, siteWithSpaces } from './sites-helpers';

interface ReusableBody {
  id: string;
  title: string;
  document?: string;
}

interface RevisionBody {
  id: string;
  reusableContents: ReusableBody[];
}

interface DocumentBody {
  nodes: Array<{ type: string; nodes?: Array<{ leaves?: Array<{ text: string }> }> }>;
}

/** A block showing the reusable content `ref` (an id, or a ref of the same batch). */
const include = (key: string, ref: string) => ({
  object: 'block',
  type: 'reusable-content',
  key,
  isVoid: true,
  data: { ref: { kind: 'reusable-content', reusableContent: ref } },
});
const body = (...nodes: unknown[]) => ({ document: { object: 'document', data: {}, nodes } });
const paragraphTexts = (document: DocumentBody): string[] => document.nodes.map((n) => n.nodes?.[0]?.leaves?.[0]?.text ?? '');

const currentRevision = async (client: ApiClient, spaceId: string): Promise<RevisionBody> =>
  expectOperation<RevisionBody>(await client.get(`/v1/spaces/${spaceId}/content`), 'getCurrentRevision', 200);

describe('reusable content (official RevisionReusableContent)', () => {
  const read = async (path: string) => (await fetch(`${testStack().readerUrl}${path}`, { redirect: 'manual' })).text();

  it('is shared by two pages: edited once through a change request, both pages show the edit on the reader', async () => {
    const { client, orgId, spaceIds, base } = await siteWithSpaces(1, 'reusable');
    const [spaceId] = spaceIds;

    // One batch creates the reusable content and two pages that show it (named by its batch ref).
    const cr = await createChangeRequest(client, spaceId, 'Shared warning');
    const created = await editContent(client, spaceId, cr.id, [
      { operation: 'insert_reusable_content', ref: 'warn', title: 'Warning', document: body(paragraph('w1', 'Mind the gap v1')) },
      { operation: 'insert_page', title: 'Alpha', document: body(paragraph('a', 'Alpha own text'), include('i', 'warn')) },
      { operation: 'insert_page', title: 'Beta', document: body(include('i', 'warn'), paragraph('b', 'Beta own text')) },
    ]);
    const inserted = (created as unknown as { insertedReusableContents: Array<ReusableBody & { ref: string }> }).insertedReusableContents;
    expect(inserted).toEqual([{ id: expect.any(String), title: 'Warning', document: expect.any(String), ref: 'warn' }]);
    const reusableId = inserted[0].id;
    const inCr = expectOperation<ReusableBody>(
      await client.get(`/v1/spaces/${spaceId}/change-requests/${cr.id}/content/reusable-contents/${reusableId}`),
      'getReusableContentInChangeRequestById',
      200,
    );
    expect(inCr.title).toBe('Warning');
    // Not in the space before the merge.
    expectError(await client.get(`/v1/spaces/${spaceId}/content/reusable-contents/${reusableId}`), 404);
    await merge(client, spaceId, cr.id);

    const first = await currentRevision(client, spaceId);
    expect(first.reusableContents).toEqual([{ id: reusableId, title: 'Warning', document: inCr.document }]);
    expect(
      expectOperation<ReusableBody>(
        await client.get(`/v1/spaces/${spaceId}/content/reusable-contents/${reusableId}`),
        'getReusableContentById',
        200,
      ),
    ).toEqual(first.reusableContents[0]);
    // Both pages name the reusable content by its id.
    const pages = expectOperation<{ pages: Array<{ id: string; title: string; path: string; document: DocumentBody }> }>(
      await client.get(`/v1/spaces/${spaceId}/content/pages`),
      'listPages',
      200,
    ).pages;
    for (const page of pages)
      expect(page.document.nodes.find((n) => n.type === 'reusable-content')).toMatchObject({
        data: { ref: { kind: 'reusable-content', reusableContent: reusableId } },
      });

    // Two change requests edit it concurrently: one its body, one its title; they merge three-way.
    const edit = await createChangeRequest(client, spaceId, 'Reword');
    const rename = await createChangeRequest(client, spaceId, 'Rename');
    await editContent(client, spaceId, edit.id, [
      { operation: 'update_reusable_content', reusableContent: reusableId, document: body(paragraph('w1', 'Mind the gap v2')) },
    ]);
    await editContent(client, spaceId, rename.id, [
      { operation: 'update_reusable_content', reusableContent: reusableId, title: 'Caution' },
    ]);
    await merge(client, spaceId, edit.id);
    await merge(client, spaceId, rename.id);
    const latest = await currentRevision(client, spaceId);
    expect(latest.reusableContents).toEqual([{ id: reusableId, title: 'Caution', document: expect.any(String) }]);

    // Each revision keeps its own version, read through the revision routes.
    const documentIn = async (revisionId: string) =>
      paragraphTexts(
        expectOperation<DocumentBody>(
          await client.get(`/v1/spaces/${spaceId}/revisions/${revisionId}/reusable-contents/${reusableId}/document`),
          'getReusableContentDocumentInRevisionById',
          200,
        ),
      );
    expect(await documentIn(first.id)).toEqual(['Mind the gap v1']);
    expect(await documentIn(latest.id)).toEqual(['Mind the gap v2']);
    expect(
      expectOperation<ReusableBody>(
        await client.get(`/v1/spaces/${spaceId}/revisions/${first.id}/reusable-contents/${reusableId}`),
        'getReusableContentInRevisionById',
        200,
      ).title,
    ).toBe('Warning');

    // The reader shows the shared body inside both pages, and follows the edit.
    expectOperation<SiteBody>(await client.patch(base, { basename: 'shared', visibility: 'public' }), 'updateSiteById', 200);
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);
    for (const page of pages) {
      await eventually(async () => {
        const html = await read(`/${orgId}/shared/${page.path}`);
        expect(html).toContain(`${page.title} own text`);
        expect(html).toContain('Mind the gap v2');
      }, 10_000);
    }
    const again = await createChangeRequest(client, spaceId, 'Reword again');
    await editContent(client, spaceId, again.id, [
      { operation: 'update_reusable_content', reusableContent: reusableId, document: body(paragraph('w1', 'Mind the step v3')) },
    ]);
    await merge(client, spaceId, again.id);
    for (const page of pages)
      await eventually(async () => expect(await read(`/${orgId}/shared/${page.path}`)).toContain('Mind the step v3'), 10_000);

    // Search finds the shared text on both pages that show it, and follows its edits.
    const search = async (query: string) =>
      expectOperation<{ items: Array<{ title: string }> }>(
        await client.get(`/v1/spaces/${spaceId}/search?query=${query}`),
        'searchSpaceContent',
        200,
      )
        .items.map((item) => item.title)
        .sort();
    await eventually(async () => expect(await search('step')).toEqual(['Alpha', 'Beta']), 20_000);
    expect(await search('gap')).toEqual([]);
  });

  it('answers 404 for unknown ids and other spaces’ revisions, 400 for a malformed change, 409 for conflicting edits', async () => {
    const { client, orgId } = await newOrgAdmin('reusable-errors');
    const space = await createSpace(client, orgId, 'One');
    const other = await createSpace(client, orgId, 'Two');
    const cr = await createChangeRequest(client, space.id);
    const [item] = (
      (await editContent(client, space.id, cr.id, [
        { operation: 'insert_reusable_content', title: 'Note', document: body(paragraph('n', 'base')) },
      ])) as unknown as { insertedReusableContents: ReusableBody[] }
    ).insertedReusableContents;
    await merge(client, space.id, cr.id);
    const revision = await currentRevision(client, space.id);

    expectError(await client.get(`/v1/spaces/${space.id}/content/reusable-contents/nope`), 404);
    expectError(await client.get(`/v1/spaces/${other.id}/revisions/${revision.id}/reusable-contents/${item.id}`), 404);
    const post = (changes: unknown[]) => client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, { changes });
    const fresh = await createChangeRequest(client, space.id, 'Bad input');
    const postFresh = (changes: unknown[]) => client.post(`/v1/spaces/${space.id}/change-requests/${fresh.id}/content`, { changes });
    expectError(await postFresh([{ operation: 'update_reusable_content', title: 'x' }]), 400, /reusableContent is required/);
    expectError(await postFresh([{ operation: 'insert_reusable_content' }]), 400, /title is required/);
    expectError(await postFresh([{ operation: 'delete_reusable_content', reusableContent: 'missing' }]), 404, /changes\[0\]/);
    expectError(await post([{ operation: 'delete_reusable_content', reusableContent: item.id }]), 400, /merged/);

    // The same block changed differently on both sides: a 409 naming the reusable content.
    const left = await createChangeRequest(client, space.id, 'Left');
    const right = await createChangeRequest(client, space.id, 'Right');
    for (const [side, text] of [
      [left, 'left'],
      [right, 'right'],
    ] as const)
      await editContent(client, space.id, side.id, [
        { operation: 'update_reusable_content', reusableContent: item.id, document: body(paragraph('n', text)) },
      ]);
    await merge(client, space.id, left.id);
    expectError(await client.post(`/v1/spaces/${space.id}/change-requests/${right.id}/merge`), 409, /reusable content.*"Note"/);
    // Deleting it in a change request leaves the space's copy until merged.
    await editContent(client, space.id, fresh.id, [{ operation: 'delete_reusable_content', reusableContent: item.id }]);
    expectError(await client.get(`/v1/spaces/${space.id}/change-requests/${fresh.id}/content/reusable-contents/${item.id}`), 404);
    expectOperation(await client.get(`/v1/spaces/${space.id}/content/reusable-contents/${item.id}`), 'getReusableContentById', 200);
  });
});

describe('pages by path (official getPageByPath)', () => {
  it('resolves nested slugs, groups included, in the space and in a change request; 404 for links and unknown paths', async () => {
    const { client, orgId } = await newOrgAdmin('bypath');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const refs = (result: { changes: Array<{ ref?: string; page: string | { id: string } }> }) =>
      Object.fromEntries(result.changes.filter((c) => c.ref).map((c) => [c.ref!, (c.page as { id: string }).id]));
    const ids = refs(
      await editContent(client, space.id, cr.id, [
        { operation: 'insert_page', ref: 'guides', type: 'group', title: 'Guides' },
        { operation: 'insert_page', ref: 'intro', title: 'Intro', document: documentOf(['a', 'alpha']) },
      ]),
    );
    Object.assign(
      ids,
      refs(
        await editContent(client, space.id, cr.id, [
          { operation: 'insert_page', ref: 'setup', into: ids.guides, title: 'Setup', document: documentOf(['s', 'setup']) },
          { operation: 'insert_page', ref: 'deep', into: ids.intro, title: 'Deep Dive', document: documentOf(['d', 'deep']) },
          { operation: 'insert_page', ref: 'site', into: ids.guides, type: 'link', title: 'Website', href: 'https://example.com' },
        ]),
      ),
    );
    const inCr = async (path: string) =>
      expectOperation<{ id: string; type: string; path: string; markdown?: string }>(
        await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/path/${path}`),
        'getPageInChangeRequestByPath',
        200,
      );
    expect(await inCr('guides/setup')).toMatchObject({ id: ids.setup, type: 'document', path: 'guides/setup' });
    expect(await inCr('intro/deep-dive')).toMatchObject({ id: ids.deep, path: 'intro/deep-dive' });
    expect(await inCr('guides')).toMatchObject({ id: ids.guides, type: 'group' });
    expectError(await client.get(`/v1/spaces/${space.id}/content/path/guides/setup`), 404);
    await merge(client, space.id, cr.id);

    const inSpace = async (path: string, query = '') =>
      expectOperation<{ id: string; markdown?: string; document?: unknown }>(
        await client.get(`/v1/spaces/${space.id}/content/path/${path}${query}`),
        'getPageByPath',
        200,
      );
    expect((await inSpace('guides/setup')).id).toBe(ids.setup);
    expect((await inSpace('/intro/deep-dive/')).id).toBe(ids.deep);
    const markdown = await inSpace('intro', '?format=markdown');
    expect(markdown.markdown).toContain('alpha');
    expect(markdown).not.toHaveProperty('document');
    for (const path of ['guides/website', 'nope', 'intro/nope', 'setup'])
      expectError(await client.get(`/v1/spaces/${space.id}/content/path/${path}`), 404, /No page at this path/);
  });
});
