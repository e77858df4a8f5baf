import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import { IdentitySubjects } from '@bindery/contracts';
import { natsConnectionOptions } from '@bindery/platform';
import { expectError, expectOperation, testNats } from '@bindery/testing';
import { connect } from '@nats-io/transport-node';
import { newUser } from './helpers';
import { addMember, newOrganization, newTeam, walk } from './identity-helpers';

interface Member {
  id: string;
  role: string | null;
  user: { displayName: string; email: string };
  joinedAt: string;
  lastSeenAt?: string;
  sso: boolean;
  teams: number;
}

/**
 * Verifies an ES256 JWT the way a site would: with the public key identity hands out on
 * `identity.visitor-claims.get-key` (asked here over NATS with the NestJS request envelope).
 */
async function verifyVisitorClaims(organizationId: string, jwt: string): Promise<Record<string, unknown>> {
  const nc = await connect(natsConnectionOptions(testNats(), 'e2e'));
  let jwk: JsonWebKey & { kid: string };
  try {
    const message = {
      pattern: IdentitySubjects.visitorClaimsKey,
      data: { ctx: { requestId: 'e2e', baseUrl: '' }, data: { organizationId } },
      id: 'e2e-1',
    };
    const reply = await nc.request(IdentitySubjects.visitorClaimsKey, JSON.stringify(message), { timeout: 5000 });
    jwk = (JSON.parse(reply.string()) as { response: { key: JsonWebKey & { kid: string } } }).response.key;
  } finally {
    await nc.close();
  }
  const [header, payload, signature] = jwt.split('.');
  const decodedHeader = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string; kid: string };
  expect(decodedHeader).toEqual({ alg: 'ES256', kid: jwk.kid });
  const key = createPublicKey({ key: jwk, format: 'jwk' });
  const check = (signed: string) =>
    verify('sha256', Buffer.from(signed), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  expect(check(`${header}.${payload}`)).toBe(true);
  expect(check(`${header}.${payload}x`)).toBe(false);
  return JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
}

describe('identity: organization members', () => {
  it('lists members with role filter, text search, order and sort, paging through every one', async () => {
    const org = await newOrganization();
    const editor = await addMember(org, 'edit', 'zed-editor');
    const reader = await addMember(org, 'read', 'amy-reader');
    const guest = await addMember(org, null, 'guesty');
    const base = `/v1/orgs/${org.organizationId}/members`;

    const all = await walk<Member>(org.admin.client, `${base}?limit=1`, 'listMembersInOrganizationById');
    expect(all.map((m) => m.id)).toEqual([guest.userId, reader.userId, editor.userId, org.admin.userId]);
    const asc = await walk<Member>(org.admin.client, `${base}?limit=2&order=asc`, 'listMembersInOrganizationById');
    expect(asc.map((m) => m.id)).toEqual([org.admin.userId, editor.userId, reader.userId, guest.userId]);

    const readers = expectOperation<{ items: Member[]; count: number }>(
      await org.admin.client.get(`${base}?role=read`),
      'listMembersInOrganizationById',
      200,
    );
    expect(readers.items.map((m) => m.id)).toEqual([reader.userId]);
    expect(readers.count).toBe(1);
    const guests = expectOperation<{ items: Member[] }>(
      await org.admin.client.get(`${base}?role=guest`),
      'listMembersInOrganizationById',
      200,
    );
    expect(guests.items.map((m) => m.id)).toEqual([guest.userId]);
    const searched = expectOperation<{ items: Member[] }>(
      await org.admin.client.get(`${base}?search=ZED-EDIT`),
      'listMembersInOrganizationById',
      200,
    );
    expect(searched.items.map((m) => m.id)).toEqual([editor.userId]);
    const wildcard = expectOperation<{ count: number }>(
      await org.admin.client.get(`${base}?search=%25`),
      'listMembersInOrganizationById',
      200,
    );
    expect(wildcard.count).toBe(0);

    // Sorting by lastSeenAt lists only members who pinged.
    expectOperation(await reader.client.post(`/v1/orgs/${org.organizationId}/ping`), 'updateOrganizationMemberLastSeenAt', 200);
    expectOperation(await editor.client.post(`/v1/orgs/${org.organizationId}/ping`), 'updateOrganizationMemberLastSeenAt', 200);
    const seen = await walk<Member>(org.admin.client, `${base}?sort=lastSeenAt&limit=1`, 'listMembersInOrganizationById');
    expect(seen.map((m) => m.id)).toEqual([editor.userId, reader.userId]);
    expect(seen.every((m) => typeof m.lastSeenAt === 'string')).toBe(true);
  });

  it.each([
    ['role=owner', /role/],
    ['sort=age', /sort/],
    ['order=up', /order/],
    ['limit=0', /limit/],
    ['page=garbage', /page/],
  ])('rejects the query %s with a 400', async (query, pattern) => {
    const org = await newOrganization();
    expectError(await org.admin.client.get(`/v1/orgs/${org.organizationId}/members?${query}`), 400, pattern);
  });

  it('gets and patches a member; only admins change roles; guests cannot list members', async () => {
    const org = await newOrganization();
    const member = await addMember(org, 'read');
    const guest = await addMember(org, null);
    const path = `/v1/orgs/${org.organizationId}/members/${member.userId}`;
    const got = expectOperation<Member>(await member.client.get(path), 'getMemberInOrganizationById', 200);
    expect(got).toMatchObject({ id: member.userId, role: 'read', user: { email: member.email }, sso: false, teams: 0 });

    const patched = expectOperation<Member>(await org.admin.client.patch(path, { role: 'review' }), 'updateMemberInOrganizationById', 200);
    expect(patched.role).toBe('review');
    const toGuest = expectOperation<Member>(await org.admin.client.patch(path, { role: null }), 'updateMemberInOrganizationById', 200);
    expect(toGuest.role).toBeNull();

    expectError(await member.client.patch(`/v1/orgs/${org.organizationId}/members/${org.admin.userId}`, { role: 'read' }), 403);
    expectError(await org.admin.client.patch(path, {}), 400, /role/);
    expectError(await org.admin.client.patch(path, { role: 'superuser' }), 400, /role/);
    expectError(await org.admin.client.patch(`/v1/orgs/${org.organizationId}/members/nobody123`, { role: 'read' }), 404);
    expectError(await guest.client.get(`/v1/orgs/${org.organizationId}/members`), 403);
    expectError(await org.admin.client.get(`/v1/orgs/${org.organizationId}/members/bad%20id`), 400, /userId/);
  });

  it('never leaves an organization without an admin (400), and lets a second admin go', async () => {
    const org = await newOrganization();
    const adminPath = `/v1/orgs/${org.organizationId}/members/${org.admin.userId}`;
    expectError(await org.admin.client.patch(adminPath, { role: 'read' }), 400, /last admin/);
    expectError(await org.admin.client.delete(adminPath), 400, /last admin/);
    const second = await addMember(org, 'admin');
    expectOperation(await second.client.patch(adminPath, { role: 'edit' }), 'updateMemberInOrganizationById', 200);
    expectError(await second.client.delete(`/v1/orgs/${org.organizationId}/members/${second.userId}`), 400, /last admin/);
  });

  it('removes members (admins remove anyone, members leave), drops their team seats, and is a no-op when absent', async () => {
    const org = await newOrganization();
    const a = await addMember(org, 'edit');
    const b = await addMember(org, 'edit');
    const team = await newTeam(org, 'Writers', [a.userId, b.userId]);
    expectError(await a.client.delete(`/v1/orgs/${org.organizationId}/members/${b.userId}`), 403);
    expectOperation(
      await org.admin.client.delete(`/v1/orgs/${org.organizationId}/members/${b.userId}`),
      'removeMemberFromOrganizationById',
      204,
    );
    expectOperation(await a.client.delete(`/v1/orgs/${org.organizationId}/members/${a.userId}`), 'removeMemberFromOrganizationById', 204);
    expectOperation(
      await org.admin.client.delete(`/v1/orgs/${org.organizationId}/members/${a.userId}`),
      'removeMemberFromOrganizationById',
      204,
    );
    expectError(await a.client.get(`/v1/orgs/${org.organizationId}`), 404);
    const teamAfter = expectOperation<{ members: number }>(
      await org.admin.client.get(`/v1/orgs/${org.organizationId}/teams/${team.id}`),
      'getTeamInOrganizationById',
      200,
    );
    expect(teamAfter.members).toBe(0);
  });

  it('marks a member as SSO (admins only)', async () => {
    const org = await newOrganization();
    const member = await addMember(org, 'read');
    const path = `/v1/orgs/${org.organizationId}/members/${member.userId}/sso`;
    expectError(await member.client.post(path), 403);
    const marked = expectOperation<Member>(await org.admin.client.post(path), 'setUserAsSSOMemberForOrganization', 200);
    expect(marked.sso).toBe(true);
    expectError(await org.admin.client.post(`/v1/orgs/${org.organizationId}/members/nobody123/sso`), 404);
  });

  it('ping records lastSeenAt and returns visitor claims signed with the organization key', async () => {
    const org = await newOrganization();
    const member = await addMember(org, 'comment');
    const before = expectOperation<Member>(
      await member.client.get(`/v1/orgs/${org.organizationId}/members/${member.userId}`),
      'getMemberInOrganizationById',
      200,
    );
    expect(before.lastSeenAt).toBeUndefined();
    const pinged = expectOperation<{ gitbookVisitorClaims: string; serviceVisitorClaims: string }>(
      await member.client.post(`/v1/orgs/${org.organizationId}/ping`),
      'updateOrganizationMemberLastSeenAt',
      200,
    );
    expect(pinged.serviceVisitorClaims).toBe(pinged.gitbookVisitorClaims);
    const claims = await verifyVisitorClaims(org.organizationId, pinged.serviceVisitorClaims);
    expect(claims).toMatchObject({ sub: member.userId, email: member.email, role: 'comment' });
    expect(claims.exp as number).toBeGreaterThan(Date.now() / 1000);
    const after = expectOperation<Member>(
      await member.client.get(`/v1/orgs/${org.organizationId}/members/${member.userId}`),
      'getMemberInOrganizationById',
      200,
    );
    expect(after.lastSeenAt).toEqual(expect.any(String));
    const outsider = await newUser('pinger');
    expectError(await outsider.client.post(`/v1/orgs/${org.organizationId}/ping`), 404);
  });

  it("lists a member's teams with a title filter; only admins and the member see them", async () => {
    const org = await newOrganization();
    const member = await addMember(org, 'edit');
    const other = await addMember(org, 'edit');
    const docs = await newTeam(org, 'Docs Writers', [member.userId]);
    await newTeam(org, 'API Reviewers', [member.userId]);
    await newTeam(org, 'Docs Outsiders', []);
    const path = `/v1/orgs/${org.organizationId}/members/${member.userId}/teams`;
    const all = expectOperation<{ items: Array<{ team: { id: string; title: string }; member: { role: string } }>; count: number }>(
      await member.client.get(path),
      'listTeamsForOrganizationMember',
      200,
    );
    expect(all.count).toBe(2);
    const filtered = expectOperation<{ items: Array<{ team: { id: string }; member: { role: string } }> }>(
      await org.admin.client.get(`${path}?title=docs`),
      'listTeamsForOrganizationMember',
      200,
    );
    expect(filtered.items).toEqual([
      expect.objectContaining({ team: expect.objectContaining({ id: docs.id }), member: { role: 'member' } }),
    ]);
    expectError(await other.client.get(path), 403);
    expectError(await org.admin.client.get(`/v1/orgs/${org.organizationId}/members/nobody123/teams`), 404);
  });

  // The spaces themselves come from the content service (not on this branch): only the paths
  // identity decides alone are tested here.
  it("guards a member's spaces: 404 for unknown members and other orgs, 403 for other members, 400 for bad queries", async () => {
    const org = await newOrganization();
    const member = await addMember(org, 'edit');
    const other = await addMember(org, 'edit');
    const path = `/v1/orgs/${org.organizationId}/members/${member.userId}/spaces`;
    expectError(await other.client.get(path), 403);
    expectError(await org.admin.client.get(`/v1/orgs/${org.organizationId}/members/nobody123/spaces`), 404);
    const outsider = await newUser('spaces');
    expectError(await outsider.client.get(path), 404);
    expectError(await org.admin.client.get(`${path}?order=sideways`), 400, /order/);
  });
});
