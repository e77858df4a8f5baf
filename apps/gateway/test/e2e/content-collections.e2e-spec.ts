import { expectError, expectOperation } from '@bindery/testing';
import { createSpace, newOrgAdmin, type SpaceBody } from './content-helpers';
import { newUser } from './helpers';

interface CollectionBody {
  id: string;
  title: string;
  description?: string;
  parent?: string;
  organization: string;
}
interface ListOf<T> {
  items: T[];
  count: number;
}

describe('collections', () => {
  it('creates, reads, patches, nests, lists and deletes collections', async () => {
    const { client, orgId } = await newOrgAdmin('collections');
    const top = expectOperation<CollectionBody>(
      await client.post(`/v1/orgs/${orgId}/collections`, { title: 'Product' }),
      'createCollection',
      201,
    );
    const child = expectOperation<CollectionBody>(
      await client.post(`/v1/orgs/${orgId}/collections`, { title: 'API', parent: top.id }),
      'createCollection',
      201,
    );
    expect(child.parent).toBe(top.id);
    const patched = expectOperation<CollectionBody>(
      await client.patch(`/v1/collections/${top.id}`, { title: 'Products', description: 'All products', defaultLevel: 'read' }),
      'updateCollectionById',
      200,
    );
    expect(patched).toMatchObject({ title: 'Products', description: 'All products' });
    expect(expectOperation<CollectionBody>(await client.get(`/v1/collections/${top.id}`), 'getCollectionById', 200).title).toBe('Products');

    const all = expectOperation<ListOf<CollectionBody>>(
      await client.get(`/v1/orgs/${orgId}/collections`),
      'listCollectionsInOrganizationById',
      200,
    );
    expect(all.items.map((c) => c.id)).toEqual([top.id, child.id]);
    const topOnly = expectOperation<ListOf<CollectionBody>>(
      await client.get(`/v1/orgs/${orgId}/collections?nested=false`),
      'listCollectionsInOrganizationById',
      200,
    );
    expect(topOnly.items.map((c) => c.id)).toEqual([top.id]);

    expect((await client.delete(`/v1/collections/${top.id}`)).status).toBe(204);
    expectError(await client.get(`/v1/collections/${child.id}`), 404, /collection/);
    expect((await client.delete(`/v1/collections/${top.id}`)).status).toBe(204);
  });

  it('moves spaces into a collection in order and collections without cycles', async () => {
    const { client, orgId } = await newOrgAdmin('moves');
    const docs = expectOperation<CollectionBody>(
      await client.post(`/v1/orgs/${orgId}/collections`, { title: 'Docs' }),
      'createCollection',
      201,
    );
    const inner = expectOperation<CollectionBody>(
      await client.post(`/v1/orgs/${orgId}/collections`, { title: 'Inner', parent: docs.id }),
      'createCollection',
      201,
    );
    const born = expectOperation<SpaceBody & { parent: string }>(
      await client.post(`/v1/orgs/${orgId}/spaces`, { title: 'Born inside', parent: inner.id }),
      'createSpace',
      201,
    );
    expect(born.parent).toBe(inner.id);
    expectError(await client.post(`/v1/orgs/${orgId}/spaces`, { title: 'Nowhere', parent: 'noSuchCollection' }), 404, /parent/);
    const a = await createSpace(client, orgId, 'A');
    const b = await createSpace(client, orgId, 'B');
    const moved = expectOperation<SpaceBody & { parent: string }>(
      await client.post(`/v1/spaces/${a.id}/move`, { parent: docs.id }),
      'moveSpace',
      200,
    );
    expect(moved.parent).toBe(docs.id);
    expectOperation(
      await client.post(`/v1/spaces/${b.id}/move`, { parent: docs.id, position: { before: { type: 'space', space: a.id } } }),
      'moveSpace',
      200,
    );
    const listed = expectOperation<ListOf<SpaceBody>>(
      await client.get(`/v1/collections/${docs.id}/spaces`),
      'listSpacesInCollectionById',
      200,
    );
    expect(listed.items.map((s) => s.title)).toEqual(['B', 'A']);

    expectError(
      await client.post(`/v1/spaces/${a.id}/move`, { position: { after: { type: 'space', space: 'notASibling' } } }),
      400,
      /position/,
    );
    expectError(await client.post(`/v1/spaces/${a.id}/move`, { parent: 'noSuchCollection' }), 404, /collection/);
    expectError(await client.post(`/v1/spaces/${a.id}/move`, { parent: docs.id }), 409, /not change/);
    expectError(await client.post(`/v1/spaces/${a.id}/move`, {}), 400, /position/);

    expectError(await client.post(`/v1/collections/${docs.id}/move`, { parent: inner.id }), 400, /parent/);
    expectError(await client.post(`/v1/collections/${docs.id}/move`, { parent: docs.id }), 400, /parent/);
    const lifted = expectOperation<CollectionBody>(
      await client.post(`/v1/collections/${inner.id}/move`, { parent: null }),
      'moveCollection',
      200,
    );
    expect(lifted.parent).toBeUndefined();
  });

  it('transfers a collection with its spaces, and a space, to another organization the caller administers', async () => {
    const { client, orgId } = await newOrgAdmin('transfer');
    const target = expectOperation<{ id: string }>(await client.post('/v1/orgs', { title: 'Target org' }), 'createOrganization', 201);
    const col = expectOperation<CollectionBody>(
      await client.post(`/v1/orgs/${orgId}/collections`, { title: 'Moving' }),
      'createCollection',
      201,
    );
    const inside = await createSpace(client, orgId, 'Inside');
    expectOperation(await client.post(`/v1/spaces/${inside.id}/move`, { parent: col.id }), 'moveSpace', 200);
    const moved = expectOperation<CollectionBody>(
      await client.post(`/v1/collections/${col.id}/transfer`, { organization: target.id }),
      'transferCollection',
      200,
    );
    expect(moved.organization).toBe(target.id);
    expect((await client.get<SpaceBody>(`/v1/spaces/${inside.id}`)).body.organization).toBe(target.id);
    expectError(await client.post(`/v1/collections/${col.id}/transfer`, { organization: target.id }), 409, /already/);

    const loose = await createSpace(client, orgId, 'Loose');
    const response = await client.post(`/v1/spaces/${loose.id}/transfer`, { organization: target.id });
    // transferSpace is not in the current official document; its body is a Space.
    const space = expectOperation<SpaceBody>(response, 'getSpaceById', 200);
    expect(space.organization).toBe(target.id);
    const listed = expectOperation<ListOf<SpaceBody>>(
      await client.get(`/v1/orgs/${target.id}/spaces`),
      'listSpacesInOrganizationById',
      200,
    );
    expect(listed.items.map((s) => s.id).sort()).toEqual([inside.id, loose.id].sort());

    const foreign = await newOrgAdmin('foreign');
    expectError(await client.post(`/v1/spaces/${loose.id}/transfer`, { organization: foreign.orgId }), 404, /organization/);
    expectError(await client.post(`/v1/spaces/${loose.id}/transfer`, {}), 400, /organization/);
  });

  it("hides another organization's collections and validates bodies", async () => {
    const { client, orgId } = await newOrgAdmin('colbad');
    const col = expectOperation<CollectionBody>(
      await client.post(`/v1/orgs/${orgId}/collections`, { title: 'Mine' }),
      'createCollection',
      201,
    );
    const other = await newOrgAdmin('colother');
    expectError(await other.client.get(`/v1/collections/${col.id}`), 404, /collection/);
    expectError(await other.client.post(`/v1/orgs/${other.orgId}/collections`, { title: 'X', parent: col.id }), 404, /parent/);
    const stranger = await newUser('colstranger');
    expectError(await stranger.client.get(`/v1/orgs/${orgId}/collections`), 404, /organization/);
    expectError(await client.post(`/v1/orgs/${orgId}/collections`, { title: 'x'.repeat(51) }), 400, /title/);
    expectError(await client.patch(`/v1/collections/${col.id}`, { description: 'x'.repeat(101) }), 400, /description/);
    expectError(await client.get(`/v1/orgs/${orgId}/collections?nested=maybe`), 400, /nested/);
  });
});
