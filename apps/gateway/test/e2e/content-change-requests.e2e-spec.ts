import { expectError, expectOperation } from '@bindery/testing';
import {
  type ChangeRequestBody,
  createChangeRequest,
  createSpace,
  documentOf,
  editContent,
  merge,
  newOrgAdmin,
  type PageBody,
  seedSpace,
  spaceWithPages,
  spacePage,
  textsOf,
} from './content-helpers';
import { newUser } from './helpers';

interface CrList {
  items: ChangeRequestBody[];
  count: number;
  next?: { page: string };
}

describe('change requests', () => {
  it('numbers change requests per space, safely under concurrent creation, and finds them by id or number', async () => {
    const { client, orgId } = await newOrgAdmin('numbering');
    const space = await createSpace(client, orgId);
    const created = await Promise.all(Array.from({ length: 8 }, (_, i) => createChangeRequest(client, space.id, `CR ${i}`)));
    expect(created.map((cr) => cr.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const third = created.find((cr) => cr.number === 3)!;
    const byNumber = expectOperation<ChangeRequestBody>(
      await client.get(`/v1/spaces/${space.id}/change-requests/3`),
      'getChangeRequestById',
      200,
    );
    const byId = expectOperation<ChangeRequestBody>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${third.id}`),
      'getChangeRequestById',
      200,
    );
    expect(byNumber.id).toBe(third.id);
    expect(byId.number).toBe(3);
    expect(byId).toMatchObject({ status: 'open', outdated: false, revision: space.revision, revisionInitial: space.revision });
    expectError(await client.get(`/v1/spaces/${space.id}/change-requests/99`), 404, /change request/);
    const other = await createSpace(client, orgId, 'Other');
    expect((await createChangeRequest(client, other.id)).number).toBe(1);
    const counted = expectOperation<{ changeRequests: number; changeRequestsOpen: number }>(
      await client.get(`/v1/spaces/${space.id}`),
      'getSpaceById',
      200,
    );
    expect(counted).toMatchObject({ changeRequests: 8, changeRequestsOpen: 8 });
  });

  it('patches subject, description and status, and lists with the status, creator and contributor filters', async () => {
    const { client, orgId, userId } = await newOrgAdmin('patching');
    const space = await createSpace(client, orgId);
    const a = await createChangeRequest(client, space.id, 'First');
    await createChangeRequest(client, space.id, 'Second');
    const description = documentOf(['d', 'Why this change']).document;
    const patched = expectOperation<ChangeRequestBody & { description: unknown }>(
      await client.patch(`/v1/spaces/${space.id}/change-requests/${a.number}`, { subject: 'Renamed', description, status: 'draft' }),
      'updateChangeRequestById',
      200,
    );
    expect(patched).toMatchObject({ subject: 'Renamed', status: 'draft', description });

    const open = expectOperation<CrList>(await client.get(`/v1/spaces/${space.id}/change-requests`), 'listChangeRequestsForSpace', 200);
    expect(open.items.map((cr) => cr.subject)).toEqual(['Second']);
    const drafts = expectOperation<CrList>(
      await client.get(`/v1/spaces/${space.id}/change-requests?status=draft`),
      'listChangeRequestsForSpace',
      200,
    );
    expect(drafts.items.map((cr) => cr.id)).toEqual([a.id]);
    const mine = expectOperation<CrList>(
      await client.get(`/v1/spaces/${space.id}/change-requests?creator=${userId}`),
      'listChangeRequestsForSpace',
      200,
    );
    expect(mine.count).toBe(1);
    const nobody = expectOperation<CrList>(
      await client.get(`/v1/spaces/${space.id}/change-requests?contributor=someoneElse1`),
      'listChangeRequestsForSpace',
      200,
    );
    expect(nobody.count).toBe(0);
    const org = expectOperation<CrList>(
      await client.get(`/v1/orgs/${orgId}/change-requests?limit=1`),
      'listChangeRequestsForOrganization',
      200,
    );
    expect(org.count).toBe(1);
    expect(org.next).toBeUndefined();

    expectError(await client.patch(`/v1/spaces/${space.id}/change-requests/${a.id}`, { subject: 'x'.repeat(101) }), 400, /subject/);
    expectError(await client.patch(`/v1/spaces/${space.id}/change-requests/${a.id}`, { status: 'done' }), 400, /status/);
    expectError(await client.patch(`/v1/spaces/${space.id}/change-requests/${a.id}`, { description: { nodes: 'no' } }), 400, /description/);
    expectError(await client.patch(`/v1/spaces/${space.id}/change-requests/${a.id}`, { status: 'merged' }), 400, /status/);
    expectError(await client.get(`/v1/spaces/${space.id}/change-requests?status=weird`), 400, /status/);
  });

  it('edits content in a batch, reads it back in the change request, and merges it into the space', async () => {
    const { client, orgId } = await newOrgAdmin('editing');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const result = await editContent(client, space.id, cr.number, [
      { operation: 'insert_page', ref: 'start', title: 'Getting started', document: documentOf(['p1', 'Welcome']) },
      {
        operation: 'insert_page',
        title: 'Next',
        document: {
          document: {
            object: 'document',
            data: {},
            nodes: [{ object: 'block', type: 'paragraph', data: {}, nodes: [], key: 'l', ref: { kind: 'page', page: 'start' } }],
          },
        },
      },
    ]);
    expect(result.changes.map((c) => c.object)).toEqual(['created_page', 'created_page']);
    const startId = (result.changes[0].page as { id: string }).id;
    expect(result.changes[0].ref).toBe('start');

    const pages = expectOperation<{ pages: PageBody[] }>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`),
      'listPagesInChangeRequest',
      200,
    );
    expect(pages.pages.map((p) => [p.title, p.path])).toEqual([
      ['Getting started', 'getting-started'],
      ['Next', 'next'],
    ]);
    const next = expectOperation<PageBody & { document: { nodes: Array<{ ref: unknown }> } }>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${pages.pages[1].id}`),
      'getPageInChangeRequestById',
      200,
    );
    expect(next.document.nodes[0].ref).toEqual({ kind: 'page', page: startId });
    // The space does not move until the merge.
    expect(
      expectOperation<{ pages: PageBody[] }>(await client.get(`/v1/spaces/${space.id}/content/pages`), 'listPages', 200).pages,
    ).toEqual([]);

    const revision = expectOperation<{ parents: string[] }>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`),
      'getRevisionOfChangeRequestById',
      200,
    );
    expect(revision.parents).toEqual([space.revision]);

    const merged = await merge(client, space.id, cr.id);
    expect(merged.result).toBe('merge');
    const after = expectOperation<{ revision: string }>(await client.get(`/v1/spaces/${space.id}`), 'getSpaceById', 200);
    expect(after.revision).toBe(merged.revision);
    const mergedRevision = expectOperation<{ type: string; parents: string[]; pages: PageBody[] }>(
      await client.get(`/v1/spaces/${space.id}/content`),
      'getCurrentRevision',
      200,
    );
    expect(mergedRevision.type).toBe('merge');
    expect(mergedRevision.parents).toHaveLength(2);
    expect(mergedRevision.parents[0]).toBe(space.revision);
    expect(mergedRevision.pages).toHaveLength(2);
    const crAfter = expectOperation<ChangeRequestBody>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.number}`),
      'getChangeRequestById',
      200,
    );
    expect(crAfter).toMatchObject({ status: 'merged', revisionMerged: merged.revision });
    expectError(await client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/merge`), 400, /already merged/);
    expectError(
      await client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
        changes: [{ operation: 'delete_page', page: startId }],
      }),
      400,
      /merged/,
    );

    const page = expectOperation<PageBody>(
      await client.get(`/v1/spaces/${space.id}/content/page/${startId}?format=markdown`),
      'getPageById',
      200,
    );
    expect(typeof page.markdown).toBe('string');
  });

  it('takes page bodies as Markdown and gives them back as Markdown, links to batch refs resolved', async () => {
    const { client, orgId } = await newOrgAdmin('markdown');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const markdown =
      '# Install\n\nRun the installer.\n\n- one\n- two\n\n{% hint style="info" %}\nKeep the key safe.\n{% endhint %}\n\nSee [setup](./setup.md).\n';
    const result = await editContent(client, space.id, cr.id, [
      { operation: 'insert_page', document: { markdown } },
      { operation: 'insert_page', ref: 'setup', title: 'Setup', document: { markdown: 'Setup steps.\n' } },
    ]);
    const [install, setup] = result.changes.map((c) => (c.page as { id: string }).id);
    const page = expectOperation<PageBody>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${install}?format=markdown`),
      'getPageInChangeRequestById',
      200,
    );
    expect(page.title).toBe('Install');
    expect(page.markdown).toContain('{% hint style="info" %}');
    // Bullets as GitBook's own export writes them (`*`), so Git Sync round-trips files unchanged.
    expect(page.markdown).toContain('* one');
    expect(page.markdown).toContain(setup);
    // Markdown → document → Markdown is stable: the text given back converts to the same text.
    const again = await editContent(client, space.id, cr.id, [
      { operation: 'update_page', page: install, document: { markdown: page.markdown! } },
    ]);
    expect(again.changes[0].object).toBe('updated_page');
    const reread = (await client.get<PageBody>(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${install}?format=markdown`))
      .body;
    expect(reread.markdown).toBe(page.markdown);
  });

  it('updates, moves, renames and deletes pages; an invalid change anywhere in a batch writes nothing', async () => {
    const { client, orgId } = await newOrgAdmin('batch');
    const space = await createSpace(client, orgId);
    const ids = await seedSpace(client, space.id);
    const cr = await createChangeRequest(client, space.id);
    const before = (await client.get<ChangeRequestBody>(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision;

    expectError(
      await client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
        changes: [
          { operation: 'update_page', page: ids.Intro, title: 'Changed' },
          { operation: 'delete_page', page: 'noSuchPage' },
        ],
      }),
      404,
      /changes\[1\]\.page/,
    );
    expectError(
      await client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
        changes: [{ operation: 'update_page', page: ids.Guide, into: ids.Setup }],
      }),
      400,
      /changes\[0\]\.into/,
    );
    expectError(
      await client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
        changes: [{ operation: 'update_page', page: ids.Intro, slug: 'guide' }],
      }),
      400,
      /slug/,
    );
    expect((await client.get<ChangeRequestBody>(`/v1/spaces/${space.id}/change-requests/${cr.id}`)).body.revision).toBe(before);

    const result = await editContent(client, space.id, cr.id, [
      { operation: 'update_page', page: ids.Intro, title: 'Introduction', slug: 'introduction' },
      { operation: 'update_page', page: ids.Setup, into: null, at: 0 },
      { operation: 'delete_page', page: ids.Guide },
    ]);
    expect(result.changes.map((c) => c.object)).toEqual(['updated_page', 'updated_page', 'deleted_page']);
    const pages = expectOperation<{ pages: PageBody[] }>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/pages`),
      'listPagesInChangeRequest',
      200,
    );
    expect(pages.pages.map((p) => p.path)).toEqual(['setup', 'introduction']);
    expectError(await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}/content/page/${ids.Guide}`), 404, /page/);
  });

  it('merges edits to different blocks of one page, and reports outdated until updated', async () => {
    const { client, orgId } = await newOrgAdmin('merging');
    const space = await createSpace(client, orgId);
    const ids = await seedSpace(client, space.id);
    const first = await createChangeRequest(client, space.id, 'Edit a');
    const second = await createChangeRequest(client, space.id, 'Edit c');
    await editContent(client, space.id, first.id, [
      { operation: 'update_page', page: ids.Intro, document: documentOf(['a', 'ALPHA'], ['b', 'bravo'], ['c', 'charlie']) },
    ]);
    await editContent(client, space.id, second.id, [
      { operation: 'update_page', page: ids.Intro, document: documentOf(['a', 'alpha'], ['b', 'bravo'], ['c', 'CHARLIE']) },
    ]);
    await merge(client, space.id, first.id);

    const stale = expectOperation<ChangeRequestBody>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${second.id}`),
      'getChangeRequestById',
      200,
    );
    expect(stale.outdated).toBe(true);
    const updated = expectOperation<{ revision: string; result: string }>(
      await client.post(`/v1/spaces/${space.id}/change-requests/${second.id}/update`),
      'updateChangeRequest',
      200,
    );
    expect(updated.result).toBe('update');
    const fresh = expectOperation<ChangeRequestBody>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${second.id}`),
      'getChangeRequestById',
      200,
    );
    expect(fresh).toMatchObject({ outdated: false, revision: updated.revision });
    expect(fresh.revisionMergedAncestor).toBeDefined();

    await merge(client, space.id, second.id);
    expect(textsOf(await spacePage(client, space.id, ids.Intro))).toEqual(['ALPHA', 'bravo', 'CHARLIE']);
  });

  it('merges concurrently into one space without losing an edit, while new change requests keep gapless numbers', async () => {
    const names = ['one', 'two', 'three', 'four', 'five', 'six'];
    const { client, space, seed, pageOf } = await spaceWithPages('concurrent', names);
    // One change request per page, each editing only its own page: no merge can conflict.
    const crs = await Promise.all(names.map((name) => createChangeRequest(client, space.id, `Edit ${name}`)));
    for (const [i, cr] of crs.entries())
      await editContent(client, space.id, cr.id, [
        { operation: 'update_page', page: pageOf.get(names[i])!, document: documentOf(['a', `${names[i]} after`]) },
      ]);

    // Every merge at once, with more change requests opened meanwhile.
    const [merged, opened] = await Promise.all([
      Promise.all(crs.map((cr) => merge(client, space.id, cr.id))),
      Promise.all(Array.from({ length: 4 }, (_, i) => createChangeRequest(client, space.id, `Later ${i}`))),
    ]);

    expect(new Set(merged.map((m) => m.revision)).size).toBe(names.length);
    const after = expectOperation<{ revision: string }>(await client.get(`/v1/spaces/${space.id}`), 'getSpaceById', 200);
    expect(merged.map((m) => m.revision)).toContain(after.revision);
    // Each merge built on the one before it: the space shows every edit.
    for (const name of names) expect(textsOf(await spacePage(client, space.id, pageOf.get(name)!))).toEqual([`${name} after`]);
    for (const cr of crs) {
      const body = expectOperation<ChangeRequestBody>(
        await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`),
        'getChangeRequestById',
        200,
      );
      expect(body.status).toBe('merged');
    }
    const numbers = [seed, ...crs, ...opened].map((cr) => cr.number).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 1 + names.length + 4 }, (_, i) => i + 1));
  });

  it('refuses a conflicting merge with a 409 naming the pages, and writes nothing', async () => {
    const { client, orgId } = await newOrgAdmin('conflicts');
    const space = await createSpace(client, orgId);
    const ids = await seedSpace(client, space.id);
    const first = await createChangeRequest(client, space.id, 'One');
    const second = await createChangeRequest(client, space.id, 'Two');
    await editContent(client, space.id, first.id, [
      { operation: 'update_page', page: ids.Intro, document: documentOf(['a', 'one'], ['b', 'bravo'], ['c', 'charlie']) },
      { operation: 'delete_page', page: ids.Guide },
    ]);
    await editContent(client, space.id, second.id, [
      { operation: 'update_page', page: ids.Intro, document: documentOf(['a', 'two'], ['b', 'bravo'], ['c', 'charlie']) },
      { operation: 'update_page', page: ids.Setup, title: 'Set up' },
    ]);
    await merge(client, space.id, first.id);
    const spaceBefore = (await client.get<{ revision: string }>(`/v1/spaces/${space.id}`)).body.revision;
    const crBefore = (await client.get<ChangeRequestBody>(`/v1/spaces/${space.id}/change-requests/${second.id}`)).body;

    const message = expectError(await client.post(`/v1/spaces/${space.id}/change-requests/${second.id}/merge`), 409, /conflict/i);
    expect(message).toContain(ids.Intro);
    expect(message).toContain(ids.Setup);
    expectError(await client.post(`/v1/spaces/${space.id}/change-requests/${second.id}/update`), 409, /Intro/);

    expect((await client.get<{ revision: string }>(`/v1/spaces/${space.id}`)).body.revision).toBe(spaceBefore);
    const crAfter = (await client.get<ChangeRequestBody>(`/v1/spaces/${space.id}/change-requests/${second.id}`)).body;
    expect(crAfter).toMatchObject({ status: 'open', revision: crBefore.revision });
    expect(crAfter.revisionMerged).toBeUndefined();
  });

  it('keeps change requests private to the organization and validates batches', async () => {
    const { client, orgId } = await newOrgAdmin('crbad');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const stranger = await newUser('crstranger');
    expectError(await stranger.client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`), 404, /space/);
    expectError(await stranger.client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/merge`), 404, /space/);
    expectError(await stranger.client.get(`/v1/orgs/${orgId}/change-requests`), 404, /organization/);
    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}/content`;
    expectError(await client.post(url, { changes: [] }), 400, /changes/);
    expectError(
      await client.post(url, { changes: Array.from({ length: 51 }, () => ({ operation: 'insert_page', document: {} })) }),
      400,
      /changes/,
    );
    expectError(await client.post(url, { changes: [{ operation: 'rename_everything' }] }), 400, /operation/);
    expectError(await client.post(url, { changes: [{ operation: 'insert_page' }] }), 400, /document/);
    expectError(await client.post(url, { changes: [{ operation: 'insert_page', document: { markdown: 5 } }] }), 400, /document/);
    expectError(await client.post(url, { changes: [{ operation: 'delete_page' }] }), 400, /page/);
    expectError(await client.post(url, { changes: [{ operation: 'insert_page', document: {}, at: -1 }] }), 400, /at/);
    expectError(await client.post(url, { changes: [{ operation: 'insert_page', document: {}, slug: 'x'.repeat(101) }] }), 400, /slug/);
    expectError(
      await client.post(url, {
        changes: [
          { operation: 'insert_page', document: {}, ref: 'same' },
          { operation: 'insert_page', document: {}, ref: 'same' },
        ],
      }),
      400,
      /ref/,
    );
    expectError(await client.post(`/v1/spaces/${space.id}/change-requests`, { subject: 'x'.repeat(101) }), 400, /subject/);
    expectError(await client.get(`/v1/spaces/${space.id}/content/page/nope?format=pdf`), 400, /format/);
    expectError(await client.get(`/v1/spaces/${space.id}/content/page/nope?evaluated=maybe`), 400, /evaluated/);
    expectError(await client.get(`/v1/spaces/${space.id}/content/pages?metadata=yes`), 400, /metadata/);
    expectError(await client.get(`/v1/spaces/${space.id}/content/page/nope`), 404, /page/);
  });
});
