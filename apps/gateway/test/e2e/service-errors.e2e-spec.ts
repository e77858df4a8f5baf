import { expectError, expectOperation } from '@bindery/testing';
import { createSpace, newOrgAdmin } from './content-helpers';

/**
 * Errors cross NATS with a stable `reason` beside the status (services branch on it, never on the
 * number), but the public API's error body stays `{"error":{"code","message"}}` and nothing more.
 */
describe('service errors', () => {
  const unknownId = 'Zz0000000000000000Zz';

  it('answers a missing space or collection with exactly {error: {code, message}}, without the internal reason', async () => {
    const { client } = await newOrgAdmin('errors');
    for (const path of [`/v1/spaces/${unknownId}`, `/v1/collections/${unknownId}`]) {
      const response = await client.get(path);
      expectError(response, 404);
      const body = response.body as { error: Record<string, unknown> };
      expect(Object.keys(body)).toEqual(['error']);
      expect(Object.keys(body.error).sort()).toEqual(['code', 'message']);
    }
  });

  it('deletes an absent space or collection without error (content tells not_found from other failures by reason)', async () => {
    const { client, orgId } = await newOrgAdmin('errors');
    expectOperation(await client.delete(`/v1/spaces/${unknownId}`), 'deleteSpaceById', 204);
    expectOperation(await client.delete(`/v1/collections/${unknownId}`), 'deleteCollectionById', 204);
    // A space that exists is deleted once; the second delete finds it gone and still answers 204.
    const space = await createSpace(client, orgId, 'Twice');
    expectOperation(await client.delete(`/v1/spaces/${space.id}`), 'deleteSpaceById', 204);
    expectOperation(await client.delete(`/v1/spaces/${space.id}`), 'deleteSpaceById', 204);
  });
});
