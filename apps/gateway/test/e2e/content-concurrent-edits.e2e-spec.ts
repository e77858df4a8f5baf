import { expectError, expectOperation } from '@bindery/testing';
import {
  type ChangeRequestBody,
  type ContentUpdateBody,
  createChangeRequest,
  documentOf,
  editContent,
  merge,
  spacePage,
  spaceWithPages,
  textsOf,
} from './content-helpers';

const NAMES = ['one', 'two', 'three', 'four', 'five', 'six'];

/**
 * An edit is written as one statement without a lock, applied only if its change request did not
 * change meanwhile (else it is done again with the row locked): concurrent writers of one change
 * request must still take turns, as with the lock.
 */
describe('concurrent writes to one change request', () => {
  it('keeps every one of many concurrent edits of one change request', async () => {
    const { client, space, pageOf } = await spaceWithPages('edits-at-once', NAMES);
    const cr = await createChangeRequest(client, space.id, 'All at once');

    // Each edit changes its own page, all computed from the same revision of the change request.
    const edited = await Promise.all(
      NAMES.map((name) =>
        editContent(client, space.id, cr.id, [
          { operation: 'update_page', page: pageOf.get(name)!, document: documentOf(['a', `${name} after`]) },
        ]),
      ),
    );

    // Each edit built on the one before it: six revisions, and the last one has all six edits.
    expect(new Set(edited.map((e) => e.changeRequest.revision)).size).toBe(NAMES.length);
    const body = expectOperation<ChangeRequestBody>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`),
      'getChangeRequestById',
      200,
    );
    expect(edited.map((e) => e.changeRequest.revision)).toContain(body.revision);
    await merge(client, space.id, cr.id);
    for (const name of NAMES) expect(textsOf(await spacePage(client, space.id, pageOf.get(name)!))).toEqual([`${name} after`]);
  });

  it('refuses the edits that come after a concurrent merge, and merges every edit it accepted before', async () => {
    const { client, space, pageOf } = await spaceWithPages('edits-and-merge', NAMES);
    const cr = await createChangeRequest(client, space.id, 'Racing its merge');
    await editContent(client, space.id, cr.id, [
      { operation: 'update_page', page: pageOf.get(NAMES[0])!, document: documentOf(['a', `${NAMES[0]} after`]) },
    ]);

    const url = `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`;
    const [merged, ...edits] = await Promise.all([
      merge(client, space.id, cr.id),
      ...NAMES.slice(1).map((name) =>
        client.post<ContentUpdateBody>(url, {
          changes: [{ operation: 'update_page', page: pageOf.get(name)!, document: documentOf(['a', `${name} after`]) }],
        }),
      ),
    ]);

    const after = expectOperation<{ revision: string }>(await client.get(`/v1/spaces/${space.id}`), 'getSpaceById', 200);
    expect(after.revision).toBe(merged.revision);
    expect(textsOf(await spacePage(client, space.id, pageOf.get(NAMES[0])!))).toEqual([`${NAMES[0]} after`]);
    // An edit answered 200 was written before the merge and is in the space; any other was refused as merged.
    for (const [i, response] of edits.entries()) {
      const name = NAMES[i + 1];
      const text = textsOf(await spacePage(client, space.id, pageOf.get(name)!));
      if (response.status === 200) {
        expectOperation(response, 'updateChangeRequestContent', 200);
        expect(text).toEqual([`${name} after`]);
      } else {
        expectError(response, 400, /merged/);
        expect(text).toEqual([`${name} before`]);
      }
    }
    const body = expectOperation<ChangeRequestBody & { revisionMerged?: string }>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${cr.id}`),
      'getChangeRequestById',
      200,
    );
    expect(body.status).toBe('merged');
    // Nothing was written to the change request after its merge.
    expectError(
      await client.post(url, {
        changes: [{ operation: 'update_page', page: pageOf.get(NAMES[1])!, document: documentOf(['a', 'too late']) }],
      }),
      400,
      /merged/,
    );
  });
});
