import { expectError, expectOperation } from '@bindery/testing';
import { newUser } from './helpers';
import { contentDatabase, createSpace, newOrgAdmin, type SpaceBody } from './content-helpers';

interface SpaceList {
  items: SpaceBody[];
  count: number;
  next?: { page: string };
}

describe('spaces', () => {
  it('creates, reads, patches and lists spaces of an organization', async () => {
    const { client, orgId } = await newOrgAdmin('spaces');
    const response = await client.post(`/v1/orgs/${orgId}/spaces`, { title: 'Handbook', emoji: '📘', language: 'fr' });
    const space = expectOperation<SpaceBody & { emoji: string; language: string; visibility: string }>(response, 'createSpace', 201);
    expect(space).toMatchObject({
      title: 'Handbook',
      emoji: '📘',
      language: 'fr',
      organization: orgId,
      visibility: 'private',
      changeRequests: 0,
    });
    expect(space.permissions).toMatchObject({ admin: true, edit: true });
    expect(response.headers.get('location')).toBe(space.urls.location);

    const fetched = expectOperation<SpaceBody>(await client.get(`/v1/spaces/${space.id}`), 'getSpaceById', 200);
    expect(fetched.revision).toBe(space.revision);

    const patched = expectOperation<SpaceBody & { editMode: string; defaultLevel: string; mergeRules: unknown }>(
      await client.patch(`/v1/spaces/${space.id}`, {
        title: 'Staff handbook',
        editMode: 'locked',
        defaultLevel: 'read',
        mergeRules: { type: 'none' },
      }),
      'updateSpaceById',
      200,
    );
    expect(patched).toMatchObject({ title: 'Staff handbook', editMode: 'locked', defaultLevel: 'read', mergeRules: { type: 'none' } });
    expect((await client.get<SpaceBody>(`/v1/spaces/${space.id}`)).body.title).toBe('Staff handbook');

    await createSpace(client, orgId, 'Second');
    const first = expectOperation<SpaceList>(await client.get(`/v1/orgs/${orgId}/spaces?limit=1`), 'listSpacesInOrganizationById', 200);
    expect(first.count).toBe(2);
    expect(first.items.map((s) => s.id)).toEqual([space.id]);
    const second = expectOperation<SpaceList>(
      await client.get(`/v1/orgs/${orgId}/spaces?limit=1&page=${encodeURIComponent(first.next!.page)}`),
      'listSpacesInOrganizationById',
      200,
    );
    expect(second.items[0].title).toBe('Second');
    expect(second.next).toBeUndefined();
  });

  it('soft-deletes a space, keeps it restorable, and answers 204 for an absent one', async () => {
    const { client, orgId } = await newOrgAdmin('delete');
    const space = await createSpace(client, orgId);
    expect((await client.delete(`/v1/spaces/${space.id}`)).status).toBe(204);
    const deleted = expectOperation<SpaceBody>(await client.get(`/v1/spaces/${space.id}`), 'getSpaceById', 200);
    expect(deleted.deletedAt).toBeDefined();
    const list = expectOperation<SpaceList>(await client.get(`/v1/orgs/${orgId}/spaces`), 'listSpacesInOrganizationById', 200);
    expect(list.items.map((s) => s.id)).not.toContain(space.id);
    expectError(await client.get(`/v1/spaces/${space.id}/content`), 404, /space/);

    const restored = expectOperation<SpaceBody>(await client.post(`/v1/spaces/${space.id}/restore`), 'restoreSpace', 200);
    expect(restored.deletedAt).toBeUndefined();
    expectError(await client.post(`/v1/spaces/${space.id}/restore`), 400, /not deleted/);
    expect((await client.delete('/v1/spaces/doesNotExist123')).status).toBe(204);
  });

  it('treats a space deleted more than 7 days ago as gone: no read, no restore', async () => {
    const { client, orgId } = await newOrgAdmin('expired');
    const space = await createSpace(client, orgId);
    expect((await client.delete(`/v1/spaces/${space.id}`)).status).toBe(204);
    // Travel 8 days forward by moving the deletion back: the service compares it with its clock.
    await backdateDeletion(space.id, 8);
    expectError(await client.get(`/v1/spaces/${space.id}`), 404, /No matching space/);
    expectError(await client.post(`/v1/spaces/${space.id}/restore`), 404, /No matching space/);
  });

  it('duplicates a space with its content', async () => {
    const { client, orgId } = await newOrgAdmin('dup');
    const space = await createSpace(client, orgId, 'Original');
    const copy = expectOperation<SpaceBody>(await client.post(`/v1/spaces/${space.id}/duplicate`), 'duplicateSpace', 201);
    expect(copy.id).not.toBe(space.id);
    expect(copy.title).toBe('Original (copy)');
    const revision = expectOperation<{ pages: unknown[] }>(await client.get(`/v1/spaces/${copy.id}/content`), 'getCurrentRevision', 200);
    expect(revision.pages).toEqual([]);
  });

  it("answers 404 for another organization's space and 403 for a reader who writes", async () => {
    const owner = await newOrgAdmin('owner');
    const space = await createSpace(owner.client, owner.orgId);
    const stranger = await newUser('stranger');
    expectError(await stranger.client.get(`/v1/spaces/${space.id}`), 404, /No matching space/);
    expectError(await stranger.client.patch(`/v1/spaces/${space.id}`, { title: 'Mine' }), 404, /No matching space/);
    expectError(await stranger.client.post(`/v1/orgs/${owner.orgId}/spaces`, { title: 'X' }), 404, /organization/);
    expectError(await stranger.client.get(`/v1/orgs/${owner.orgId}/spaces`), 404, /organization/);
    expectError(await stranger.client.post(`/v1/spaces/${space.id}/change-requests`, {}), 404, /No matching space/);
    expectError(await owner.client.get('/v1/spaces/unknownSpace42'), 404, /No matching space/);
  });

  it.each([
    [{ title: 'x'.repeat(51) }, /title/],
    [{ title: 42 }, /title/],
    [{ emoji: 'x'.repeat(51) }, /emoji/],
    [{ editMode: 'frozen' }, /editMode/],
    [{ language: 'klingon' }, /language/],
  ])('rejects the create body %j with a 400 naming the field', async (body, pattern) => {
    const { client, orgId } = await newOrgAdmin('badcreate');
    expectError(await client.post(`/v1/orgs/${orgId}/spaces`, body), 400, pattern);
  });

  it.each([
    [{ defaultLevel: 'owner' }, /defaultLevel/],
    [{ mergeRules: { type: 'sometimes' } }, /mergeRules.type/],
    [{ editMode: true }, /editMode/],
  ])('rejects the patch body %j with a 400 naming the field', async (body, pattern) => {
    const { client, orgId } = await newOrgAdmin('badpatch');
    const space = await createSpace(client, orgId);
    expectError(await client.patch(`/v1/spaces/${space.id}`, body), 400, pattern);
  });

  it('rejects malformed ids and list limits', async () => {
    const { client, orgId } = await newOrgAdmin('badids');
    expectError(await client.get('/v1/spaces/has%20space'), 400, /spaceId/);
    expectError(await client.get(`/v1/orgs/${orgId}/spaces?limit=1001`), 400, /limit/);
    expectError(await client.get(`/v1/orgs/${orgId}/spaces?page=garbage`), 400, /page/);
  });
});

async function backdateDeletion(spaceId: string, days: number): Promise<void> {
  const db = await contentDatabase();
  try {
    await db.query(`UPDATE content.spaces SET deleted_at = deleted_at - make_interval(days => $2) WHERE id = $1`, [spaceId, days]);
  } finally {
    await db.end();
  }
}
