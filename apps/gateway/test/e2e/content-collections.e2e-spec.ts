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

  it('keeps the order of spaces through a few hundred moves between the same two neighbours', async () => {
    const { client, orgId } = await newOrgAdmin('positions');
    const docs = expectOperation<CollectionBody>(
      await client.post(`/v1/orgs/${orgId}/collections`, { title: 'Docs' }),
      'createCollection',
      201,
    );
    const inDocs = async (title: string) =>
      expectOperation<SpaceBody>(await client.post(`/v1/orgs/${orgId}/spaces`, { title, parent: docs.id }), 'createSpace', 201);
    const first = await inDocs('First');
    const last = await inDocs('Last');
    const movers = [await inDocs('X'), await inDocs('Y'), await inDocs('Z')];
    // Each move puts a space right after First, so every key lands between First and the previous
    // mover: float midpoints collapsed onto First's position after a dozen of these.
    const order = [first.id, ...movers.map((m) => m.id).reverse(), last.id];
    for (let i = 0; i < 300; i++) {
      const mover = movers[i % 3].id;
      const response = await client.post(`/v1/spaces/${mover}/move`, { position: { after: { type: 'space', space: first.id } } });
      if (i % 50 === 0) expectOperation(response, 'moveSpace', 200);
      else expect(response.status).toBe(200);
      order.splice(order.indexOf(mover), 1);
      order.splice(1, 0, mover);
    }
    // Paged two by two, so the cursors carry the long keys through the API too.
    const listed: string[] = [];
    let page: string | undefined;
    do {
      const query = page ? `?limit=2&page=${encodeURIComponent(page)}` : '?limit=2';
      const body = expectOperation<ListOf<SpaceBody> & { next?: { page: string } }>(
        await client.get(`/v1/collections/${docs.id}/spaces${query}`),
        'listSpacesInCollectionById',
        200,
      );
      listed.push(...body.items.map((s) => s.id));
      page = body.next?.page;
    } while (page);
    expect(listed).toEqual(order);
  });

  it('moves a collection among its siblings and refuses an unknown neighbour like a space move does', async () => {
    const { client, orgId } = await newOrgAdmin('colmove');
    const create = async (title: string, parent?: string) =>
      expectOperation<CollectionBody>(await client.post(`/v1/orgs/${orgId}/collections`, { title, parent }), 'createCollection', 201);
    const a = await create('A');
    const b = await create('B');
    const nested = await create('Nested', a.id);
    expectOperation(
      await client.post(`/v1/collections/${b.id}/move`, { position: { before: { type: 'collection', collection: a.id } } }),
      'moveCollection',
      200,
    );
    const unknown = { type: 'collection', collection: 'noSuchCollection' };
    expectError(
      await client.post(`/v1/collections/${b.id}/move`, { position: { before: unknown } }),
      400,
      /^position: .*not in the target collection/,
    );
    expectError(await client.post(`/v1/collections/${b.id}/move`, { position: { after: unknown } }), 400, /^position: /);
    // A neighbour that exists but under another parent, or a space, is no sibling either.
    expectError(
      await client.post(`/v1/collections/${b.id}/move`, { position: { after: { type: 'collection', collection: nested.id } } }),
      400,
      /^position: /,
    );
    const space = await createSpace(client, orgId, 'Loose');
    expectError(
      await client.post(`/v1/collections/${b.id}/move`, { position: { after: { type: 'space', space: space.id } } }),
      400,
      /^position: /,
    );
    expectError(
      await client.post(`/v1/spaces/${space.id}/move`, { position: { before: { type: 'space', space: 'noSuchSpace' } } }),
      400,
      /^position: /,
    );
    expectOperation(
      await client.post(`/v1/collections/${b.id}/move`, {
        parent: a.id,
        position: { after: { type: 'collection', collection: nested.id } },
      }),
      'moveCollection',
      200,
    );
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
