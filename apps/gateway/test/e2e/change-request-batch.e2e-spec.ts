import { type ApiClient, expectError, expectOperation } from '@bindery/testing';
import {
  type ChangeRequestBody,
  createChangeRequest,
  createSpace,
  documentOf,
  editContent,
  newOrgAdmin,
  type PageBody,
  seedSpace,
  textsOf,
} from './content-helpers';

const crPages = async (client: ApiClient, spaceId: string, crId: string): Promise<PageBody[]> =>
  expectOperation<{ pages: PageBody[] }>(
    await client.get(`/v1/spaces/${spaceId}/change-requests/${crId}/content/pages`),
    'listPagesInChangeRequest',
    200,
  ).pages;

const crPage = async (client: ApiClient, spaceId: string, crId: string, pageId: string, format = 'document'): Promise<PageBody> =>
  expectOperation<PageBody>(
    await client.get(`/v1/spaces/${spaceId}/change-requests/${crId}/content/page/${pageId}?format=${format}`),
    'getPageInChangeRequestById',
    200,
  );

const crRevision = async (client: ApiClient, spaceId: string, crId: string): Promise<string> =>
  expectOperation<ChangeRequestBody>(await client.get(`/v1/spaces/${spaceId}/change-requests/${crId}`), 'getChangeRequestById', 200)
    .revision;

describe('change request content batch: revert_page', () => {
  it('reverts blocks, whole pages (added, deleted, modified) and to a named revision', async () => {
    const { client, orgId } = await newOrgAdmin('revert');
    const space = await createSpace(client, orgId);
    const ids = await seedSpace(client, space.id);
    const cr = await createChangeRequest(client, space.id);
    const edited = await editContent(client, space.id, cr.id, [
      {
        operation: 'update_page',
        page: ids.Intro,
        title: 'Intro 2',
        document: documentOf(['a', 'ALPHA'], ['d', 'delta'], ['c', 'charlie']),
      },
      { operation: 'delete_page', page: ids.Guide },
      { operation: 'insert_page', ref: 'new', title: 'New', document: documentOf(['n', 'new']) },
    ]);
    const newId = (edited.changes.find((c) => c.ref === 'new')!.page as { id: string }).id;
    const afterEdits = edited.changeRequest.revision;

    // Blocks only: "a" reset, "b" restored after "a"; "d" (not listed) and the new title stay.
    const blocks = await editContent(client, space.id, cr.id, [{ operation: 'revert_page', page: ids.Intro, block: ['a', 'b'] }]);
    expect(blocks.changes).toEqual([{ object: 'updated_page', page: expect.objectContaining({ id: ids.Intro }) }]);
    let intro = await crPage(client, space.id, cr.id, ids.Intro);
    expect(textsOf(intro)).toEqual(['alpha', 'bravo', 'delta', 'charlie']);
    expect(intro.title).toBe('Intro 2');

    // Whole pages, against the base revision: the deleted subtree comes back in place, the new page goes.
    const whole = await editContent(client, space.id, cr.id, [
      { operation: 'revert_page', page: ids.Guide },
      { operation: 'revert_page', page: newId },
      { operation: 'revert_page', page: ids.Intro },
    ]);
    expect(whole.changes.map((c) => [c.object, typeof c.page === 'string' ? c.page : c.page.id])).toEqual([
      ['created_page', ids.Guide],
      ['created_page', ids.Setup],
      ['deleted_page', newId],
      ['updated_page', ids.Intro],
    ]);
    const pages = await crPages(client, space.id, cr.id);
    expect(pages.map((p) => [p.title, p.pages.map((c) => c.title)])).toEqual([
      ['Intro', []],
      ['Guide', ['Setup']],
    ]);
    intro = await crPage(client, space.id, cr.id, ids.Intro);
    expect(textsOf(intro)).toEqual(['alpha', 'bravo', 'charlie']);
    expect(textsOf(await crPage(client, space.id, cr.id, ids.Setup))).toEqual(['setup']);

    // A named revision of the change request itself: back to the state right after the edits.
    await editContent(client, space.id, cr.id, [{ operation: 'revert_page', page: ids.Intro, revision: afterEdits }]);
    intro = await crPage(client, space.id, cr.id, ids.Intro);
    expect(intro.title).toBe('Intro 2');
    expect(textsOf(intro)).toEqual(['ALPHA', 'delta', 'charlie']);
  });

  it('refuses unknown pages, revisions and blocks, naming the field, and writes nothing', async () => {
    const { client, orgId } = await newOrgAdmin('revert-bad');
    const space = await createSpace(client, orgId);
    const other = await createSpace(client, orgId, 'Other');
    const ids = await seedSpace(client, space.id);
    const cr = await createChangeRequest(client, space.id);
    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
    const before = await crRevision(client, space.id, cr.id);
    const fine = { operation: 'update_page', page: ids.Intro, title: 'Changed' };

    expectError(await client.post(url, { changes: [fine, { operation: 'revert_page', page: 'nope' }] }), 404, /changes\[1\]\.page/);
    expectError(
      await client.post(url, { changes: [fine, { operation: 'revert_page', page: ids.Intro, revision: 'nope' }] }),
      404,
      /changes\[1\]\.revision/,
    );
    // Another space's revision exists, but not in this space.
    expectError(
      await client.post(url, { changes: [{ operation: 'revert_page', page: ids.Intro, revision: other.revision }] }),
      404,
      /changes\[0\]\.revision/,
    );
    expectError(
      await client.post(url, { changes: [fine, { operation: 'revert_page', page: ids.Intro, block: ['a', 'zz'] }] }),
      404,
      /changes\[1\]\.block\[1\].*"zz"/,
    );
    expect(await crRevision(client, space.id, cr.id)).toBe(before);

    // Shape errors are caught at the gateway.
    expectError(await client.post(url, { changes: [{ operation: 'revert_page' }] }), 400, /page/);
    expectError(await client.post(url, { changes: [{ operation: 'revert_page', page: ids.Intro, block: 'a' }] }), 400, /block/);
    expectError(await client.post(url, { changes: [{ operation: 'revert_page', page: ids.Intro, block: [''] }] }), 400, /block/);
    expectError(await client.post(url, { changes: [{ operation: 'revert_page', page: ids.Intro, revision: 'a/b' }] }), 400, /revision/);
    expectError(await client.post(url, { changes: [{ operation: 'delete_page', page: ids.Intro, revision: before }] }), 400, /revision/);
    expectError(await client.post(url, { changes: [{ operation: 'update_page', page: ids.Intro, block: ['a'] }] }), 400, /block/);
  });
});
