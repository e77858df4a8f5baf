import { expectError, expectOperation } from '@bindery/testing';
import { newUser } from './helpers';

interface Org {
  id: string;
  title: string;
  permissions: { admin: boolean };
}
interface OrgList {
  items: Org[];
  count: number;
  next?: { page: string };
}

describe('organizations', () => {
  it('creates an organization whose creator is its admin', async () => {
    const { client } = await newUser('creator');
    const response = await client.post('/v1/orgs', { title: 'Acme Docs', emailDomains: ['Acme.COM', 'acme.com'] });
    const org = expectOperation<Org & { emailDomains: string[]; urls: { location: string } }>(response, 'createOrganization', 201);
    expect(org).toMatchObject({ title: 'Acme Docs', emailDomains: ['acme.com'], permissions: { admin: true } });
    expect(response.headers.get('location')).toBe(org.urls.location);
    const fetched = expectOperation<Org>(await client.get(`/v1/orgs/${org.id}`), 'getOrganizationById', 200);
    expect(fetched.id).toBe(org.id);
  });

  it("hides another organization's existence: 404 for a non-member, the same as for an unknown id", async () => {
    const alice = await newUser('alice');
    const bob = await newUser('bob');
    const orgA = expectOperation<Org>(await alice.client.post('/v1/orgs', { title: 'Org A' }), 'createOrganization', 201);
    expectError(await bob.client.get(`/v1/orgs/${orgA.id}`), 404, /No matching organization/);
    expectError(await bob.client.get('/v1/orgs/unknownOrgId123'), 404, /No matching organization/);
    const bobs = expectOperation<OrgList>(await bob.client.get('/v1/orgs'), 'listOrganizationsForAuthenticatedUser', 200);
    expect(bobs.items.map((o) => o.id)).not.toContain(orgA.id);
  });

  it('walks every organization with limit=1 through next.page, without duplicates and with the right count', async () => {
    const { client } = await newUser('walker');
    const created: string[] = [];
    for (let i = 0; i < 4; i++) {
      created.push(expectOperation<Org>(await client.post('/v1/orgs', { title: `Walk ${i}` }), 'createOrganization', 201).id);
    }
    const seen: string[] = [];
    let page: string | undefined;
    do {
      const query = page ? `?limit=1&page=${encodeURIComponent(page)}` : '?limit=1';
      const list = expectOperation<OrgList>(await client.get(`/v1/orgs${query}`), 'listOrganizationsForAuthenticatedUser', 200);
      expect(list.count).toBe(4);
      expect(list.items).toHaveLength(1);
      seen.push(list.items[0].id);
      page = list.next?.page;
    } while (page && seen.length <= created.length);
    expect(seen).toEqual(created);
  });

  it.each([['limit=0'], ['limit=5000'], ['limit=abc'], ['limit=2.5']])('rejects %s with a 400 naming limit', async (query) => {
    const { client } = await newUser('limits');
    expectError(await client.get(`/v1/orgs?${query}`), 400, /limit/);
  });

  it('rejects a page cursor it did not issue', async () => {
    const { client } = await newUser('cursor');
    expectError(await client.get('/v1/orgs?page=not-a-cursor'), 400, /page/);
  });

  it.each([
    [{}, /title/],
    [{ title: 'x' }, /title/],
    [{ title: 42 }, /title/],
    [{ title: 'Fine', emailDomains: ['not a domain'] }, /emailDomains/],
    [{ title: 'Fine', emailDomains: 'example.com' }, /emailDomains/],
  ])('rejects the body %j with a 400 naming the field', async (body, pattern) => {
    const { client } = await newUser('badbody');
    expectError(await client.post('/v1/orgs', body), 400, pattern);
  });

  it('rejects a malformed organization id with a 400', async () => {
    const { client } = await newUser('badid');
    expectError(await client.get('/v1/orgs/has%20space'), 400, /organizationId/);
  });
});
