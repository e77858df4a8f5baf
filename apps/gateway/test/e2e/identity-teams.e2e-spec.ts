import { expectError, expectOperation } from '@bindery/testing';
import { newUser } from './helpers';
import { addMember, newOrganization, newTeam, walk } from './identity-helpers';

interface Team {
  id: string;
  title: string;
  members: number;
  spaces: number;
  permissions: { admin: boolean; view: boolean };
}
interface TeamMember {
  organization: { id: string };
  team: { role: string };
}

describe('identity: teams and team members', () => {
  it('creates, lists with title and owner filters, gets, renames and deletes teams', async () => {
    const org = await newOrganization();
    const owner = await addMember(org, 'read');
    const base = `/v1/orgs/${org.organizationId}/teams`;
    const created = expectOperation<Team>(
      await org.admin.client.put(base, { title: 'Docs Writers', members: [owner.userId] }),
      'createOrganizationTeam',
      201,
    );
    expect(created).toMatchObject({ title: 'Docs Writers', members: 1, spaces: 0, permissions: { admin: true, view: true } });
    const other = await newTeam(org, 'Platform');
    await newTeam(org, 'Docs Reviewers');

    const all = await walk<Team>(org.admin.client, `${base}?limit=1`, 'listTeamsInOrganizationById');
    expect(all.map((t) => t.title)).toEqual(['Docs Writers', 'Platform', 'Docs Reviewers']);
    const docs = expectOperation<{ items: Team[]; count: number }>(
      await org.admin.client.get(`${base}?title=DOCS`),
      'listTeamsInOrganizationById',
      200,
    );
    expect(docs.items.map((t) => t.title)).toEqual(['Docs Writers', 'Docs Reviewers']);
    expect(docs.count).toBe(2);

    // owner=<member>: the teams that member can manage (an admin manages all).
    expectOperation(
      await org.admin.client.put(`${base}/${created.id}/members/${owner.userId}`, { role: 'owner' }),
      'addMemberToOrganizationTeamById',
      204,
    );
    const owned = expectOperation<{ items: Team[] }>(
      await org.admin.client.get(`${base}?owner=${owner.userId}`),
      'listTeamsInOrganizationById',
      200,
    );
    expect(owned.items.map((t) => t.id)).toEqual([created.id]);
    const adminOwns = expectOperation<{ count: number }>(
      await org.admin.client.get(`${base}?owner=${org.admin.userId}`),
      'listTeamsInOrganizationById',
      200,
    );
    expect(adminOwns.count).toBe(3);
    expectError(await org.admin.client.get(`${base}?owner=nobody123`), 400, /owner/);

    // A team owner manages its team but not others; permissions say so.
    const orgAsOwner = expectOperation<{ permissions: { ownTeam: boolean; admin: boolean } }>(
      await owner.client.get(`/v1/orgs/${org.organizationId}`),
      'getOrganizationById',
      200,
    );
    expect(orgAsOwner.permissions).toMatchObject({ ownTeam: true, admin: false });
    const asOwner = expectOperation<Team>(await owner.client.get(`${base}/${created.id}`), 'getTeamInOrganizationById', 200);
    expect(asOwner.permissions).toEqual({ admin: true, view: true });
    const renamed = expectOperation<Team>(
      await owner.client.patch(`${base}/${created.id}`, { title: 'Writers' }),
      'updateTeamInOrganizationById',
      200,
    );
    expect(renamed.title).toBe('Writers');
    expectError(await owner.client.patch(`${base}/${other.id}`, { title: 'Mine' }), 403);
    expectError(await owner.client.delete(`${base}/${created.id}`), 403);
    expectError(await owner.client.put(base, { title: 'New' }), 403);

    expectOperation(await org.admin.client.delete(`${base}/${other.id}`), 'removeTeamFromOrganizationById', 204);
    expectOperation(await org.admin.client.delete(`${base}/${other.id}`), 'removeTeamFromOrganizationById', 204);
    expectError(await org.admin.client.get(`${base}/${other.id}`), 404, /team/);
  });

  it.each([
    [{}, /title/],
    [{ title: '' }, /title/],
    [{ title: 'x'.repeat(65) }, /title/],
    [{ title: '  ' }, /title/],
    [{ title: 'Ok', members: 'abc' }, /members/],
    [{ title: 'Ok', members: ['bad id'] }, /members/],
    [{ title: 'Ok', members: ['nobody123'] }, /members: .*nobody123/],
  ])('rejects the team %j with a 400 naming the field', async (body, pattern) => {
    const org = await newOrganization();
    expectError(await org.admin.client.put(`/v1/orgs/${org.organizationId}/teams`, body), 400, pattern);
  });

  it('bulk-updates team members by id or email; a user both added and removed ends up removed', async () => {
    const org = await newOrganization();
    const a = await addMember(org, 'edit');
    const b = await addMember(org, 'edit');
    const c = await addMember(org, 'edit');
    const team = await newTeam(org, 'Bulk', [c.userId]);
    const path = `/v1/orgs/${org.organizationId}/teams/${team.id}/members`;
    expectOperation(
      await org.admin.client.put(path, {
        add: [a.userId, b.email.toUpperCase(), c.userId],
        remove: [c.email],
        memberships: { [a.userId]: { role: 'owner' } },
      }),
      'updateMembersInOrganizationTeam',
      204,
    );
    const members = await walk<TeamMember>(org.admin.client, `${path}?limit=1`, 'listTeamMembersInOrganizationById');
    expect(members.map((m) => [m.organization.id, m.team.role]).sort()).toEqual(
      [
        [a.userId, 'owner'],
        [b.userId, 'member'],
      ].sort(),
    );
    const counted = expectOperation<Team>(
      await org.admin.client.get(`/v1/orgs/${org.organizationId}/teams/${team.id}`),
      'getTeamInOrganizationById',
      200,
    );
    expect(counted.members).toBe(2);

    expectError(await org.admin.client.put(path, { add: ['stranger@nowhere.test'] }), 400, /add: .*stranger@nowhere.test/);
    expectError(await org.admin.client.put(path, { memberships: { [a.userId]: { role: 'boss' } } }), 400, /memberships/);
    expectError(await org.admin.client.put(path, { add: 'x' }), 400, /add/);
    expectError(await b.client.put(path, { add: [c.userId] }), 403);
    expectOperation(await a.client.put(path, { add: [c.userId] }), 'updateMembersInOrganizationTeam', 204);

    expectOperation(await a.client.delete(`${path}/${b.userId}`), 'deleteMemberFromOrganizationTeamById', 204);
    expectOperation(await a.client.delete(`${path}/${b.userId}`), 'deleteMemberFromOrganizationTeamById', 204);
    expectError(await org.admin.client.put(`${path}/${b.userId}`, { role: 'chief' }), 400, /role/);
    expectError(await org.admin.client.put(`${path}/nobody123`, { role: 'member' }), 404);
    const after = expectOperation<{ count: number }>(await org.admin.client.get(path), 'listTeamMembersInOrganizationById', 200);
    expect(after.count).toBe(2);
  });

  // `constructor` and `__proto__` are refused by the gateway's input guard for every body (a reserved property name).
  it.each(['toString', 'hasOwnProperty', '__defineGetter__', 'constructor'])(
    'answers a memberships key named %s like any unknown member (400), not a silent 204',
    async (key) => {
      const org = await newOrganization();
      const team = await newTeam(org, 'Protos');
      const path = `/v1/orgs/${org.organizationId}/teams/${team.id}/members`;
      expectError(await org.admin.client.put(path, { memberships: { [key]: { role: 'owner' } } }), 400, new RegExp(`memberships.*${key}`));
    },
  );

  it("keeps teams to their organization: another org's team id is a 404", async () => {
    const orgA = await newOrganization();
    const orgB = await newOrganization();
    const teamA = await newTeam(orgA, 'Secret');
    expectError(await orgB.admin.client.get(`/v1/orgs/${orgB.organizationId}/teams/${teamA.id}`), 404);
    expectError(await orgB.admin.client.patch(`/v1/orgs/${orgB.organizationId}/teams/${teamA.id}`, { title: 'x' }), 404);
    expectError(await orgB.admin.client.get(`/v1/orgs/${orgB.organizationId}/teams/${teamA.id}/members`), 404);
    expectError(await orgB.admin.client.get(`/v1/orgs/${orgA.organizationId}/teams`), 404);
    const outsider = await newUser('teams');
    expectError(await outsider.client.get(`/v1/orgs/${orgA.organizationId}/teams/${teamA.id}`), 404);
  });

  it('follows the role matrix: guests see only their own teams, members with a role see all', async () => {
    const org = await newOrganization();
    const guest = await addMember(org, null);
    const reader = await addMember(org, 'read');
    const mine = await newTeam(org, 'Guests', [guest.userId]);
    const theirs = await newTeam(org, 'Staff');
    expectError(await guest.client.get(`/v1/orgs/${org.organizationId}/teams`), 403);
    expectOperation(await guest.client.get(`/v1/orgs/${org.organizationId}/teams/${mine.id}`), 'getTeamInOrganizationById', 200);
    expectError(await guest.client.get(`/v1/orgs/${org.organizationId}/teams/${theirs.id}`), 403);
    const seen = expectOperation<Team>(
      await reader.client.get(`/v1/orgs/${org.organizationId}/teams/${theirs.id}`),
      'getTeamInOrganizationById',
      200,
    );
    expect(seen.permissions).toEqual({ admin: false, view: true });
  });
});
