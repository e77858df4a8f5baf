import { type ApiClient, expectOperation } from '@bindery/testing';
import { newUser } from './helpers';

export type TestUser = Awaited<ReturnType<typeof newUser>>;

export interface OrgWithAdmin {
  organizationId: string;
  admin: TestUser;
}

/** A fresh organization administered by a fresh user. */
export async function newOrganization(title = 'Identity Org', emailDomains?: string[]): Promise<OrgWithAdmin> {
  const admin = await newUser('orgadmin');
  const body = emailDomains ? { title, emailDomains } : { title };
  const org = expectOperation<{ id: string }>(await admin.client.post('/v1/orgs', body), 'createOrganization', 201);
  return { organizationId: org.id, admin };
}

/** A fresh user added to the organization with `role` (null = guest) through the invite-by-email endpoint. */
export async function addMember(org: OrgWithAdmin, role: string | null, prefix = 'member'): Promise<TestUser> {
  const user = await newUser(prefix);
  const result = expectOperation<{ users: string[] }>(
    await org.admin.client.post(`/v1/orgs/${org.organizationId}/invites`, { emails: [{ email: user.email, role }] }),
    'inviteUsersToOrganization',
    200,
  );
  expect(result.users).toEqual([user.userId]);
  return user;
}

/** Creates a team as the admin. */
export async function newTeam(org: OrgWithAdmin, title: string, members: string[] = []): Promise<{ id: string }> {
  return expectOperation<{ id: string }>(
    await org.admin.client.put(`/v1/orgs/${org.organizationId}/teams`, { title, members }),
    'createOrganizationTeam',
    201,
  );
}

/** Follows `next.page` to the end and returns every item. */
export async function walk<T>(client: ApiClient, path: string, operationId: string): Promise<T[]> {
  const items: T[] = [];
  let page: string | undefined;
  const separator = path.includes('?') ? '&' : '?';
  for (let i = 0; i < 100; i++) {
    const url = page ? `${path}${separator}page=${encodeURIComponent(page)}` : path;
    const list = expectOperation<{ items: T[]; next?: { page: string } }>(await client.get(url), operationId, 200);
    items.push(...list.items);
    page = list.next?.page;
    if (!page) break;
  }
  return items;
}
