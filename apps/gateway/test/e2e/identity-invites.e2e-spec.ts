import { expectError, expectOperation } from '@bindery/testing';
import { newUser } from './helpers';
import { acceptInvite, addMember, newOrganization, type PendingInvite, walk } from './identity-helpers';

interface InviteLink {
  id: string;
  role: string | null;
  redundant: boolean;
}

describe('identity: invites', () => {
  it('invites users by email: unknown addresses get accounts at once, existing accounts a pending invitation they accept', async () => {
    const org = await newOrganization();
    const known = await newUser('known');
    const stranger = `new-${Date.now()}@invite.test`;
    const path = `/v1/orgs/${org.organizationId}/invites`;
    const result = expectOperation<{ users: string[]; invited: number }>(
      await org.admin.client.post(path, { emails: [known.email, { email: stranger, role: 'edit' }], role: 'comment' }),
      'inviteUsersToOrganization',
      200,
    );
    expect(result.invited).toBe(2);
    expect(result.users).toHaveLength(1);
    expect(result.users).not.toContain(known.userId);
    const created = expectOperation<{ role: string; user: { email: string } }>(
      await org.admin.client.get(`/v1/orgs/${org.organizationId}/members/${result.users[0]}`),
      'getMemberInOrganizationById',
      200,
    );
    expect(created).toMatchObject({ role: 'edit', user: { email: stranger } });
    expectError(await org.admin.client.get(`/v1/orgs/${org.organizationId}/members/${known.userId}`), 404);

    // Only the invited user sees and accepts their invitation.
    // GET /v1/user/invites is a Bindery addition (no official schema to check against).
    const listed = await known.client.get<{ items: PendingInvite[] }>('/v1/user/invites');
    expect(listed.status).toBe(200);
    const mine = listed.body;
    expect(mine.items).toEqual([
      expect.objectContaining({ role: 'comment', organization: { id: org.organizationId, title: 'Identity Org' } }),
    ]);
    const intruder = await newUser('intruder');
    expectError(await intruder.client.post(`/v1/orgs/${org.organizationId}/invites/${mine.items[0].id}`), 404, /invite/);
    await acceptInvite(known, org.organizationId);
    const member = expectOperation<{ role: string }>(
      await org.admin.client.get(`/v1/orgs/${org.organizationId}/members/${known.userId}`),
      'getMemberInOrganizationById',
      200,
    );
    expect(member.role).toBe('comment');
    expect((await known.client.get('/v1/user/invites')).body).toMatchObject({ items: [], count: 0 });

    const again = expectOperation<{ invited: number }>(
      await org.admin.client.post(path, { emails: [known.email], role: 'admin' }),
      'inviteUsersToOrganization',
      200,
    );
    expect(again.invited).toBe(0);
    const unchanged = expectOperation<{ role: string }>(
      await org.admin.client.get(`/v1/orgs/${org.organizationId}/members/${known.userId}`),
      'getMemberInOrganizationById',
      200,
    );
    expect(unchanged.role).toBe('comment');
  });

  it('does not add members of other organizations at once nor reveal their ids, and gives them no SSO by invite', async () => {
    const victimOrg = await newOrganization('Victim Org');
    const victim = await addMember(victimOrg, 'admin', 'victim');
    const attacker = await newOrganization('Attacker Org');
    const path = `/v1/orgs/${attacker.organizationId}/invites`;
    const response = await attacker.admin.client.post(path, { emails: [victim.email, victimOrg.admin.email], role: 'admin', sso: true });
    const result = expectOperation<{ users: string[]; invited: number; failedSSOEmails?: string[] }>(
      response,
      'inviteUsersToOrganization',
      200,
    );
    expect(result.users).toEqual([]);
    expect(result.failedSSOEmails?.sort()).toEqual([victim.email, victimOrg.admin.email].sort());
    for (const id of [victim.userId, victimOrg.admin.userId]) {
      expect(JSON.stringify(response.body)).not.toContain(id);
      expectError(await attacker.admin.client.get(`/v1/orgs/${attacker.organizationId}/members/${id}`), 404);
    }
    const members = expectOperation<{ count: number }>(
      await attacker.admin.client.get(`/v1/orgs/${attacker.organizationId}/members`),
      'listMembersInOrganizationById',
      200,
    );
    expect(members.count).toBe(1);
    // Accepting makes the victim a plain member: the invite's sso flag does not let that org's IdP sign into the account.
    await acceptInvite(victim, attacker.organizationId);
    const joined = expectOperation<{ role: string; sso: boolean }>(
      await attacker.admin.client.get(`/v1/orgs/${attacker.organizationId}/members/${victim.userId}`),
      'getMemberInOrganizationById',
      200,
    );
    expect(joined).toMatchObject({ role: 'admin', sso: false });
  });

  it.each([
    [{}, /emails/],
    [{ emails: [] }, /emails/],
    [{ emails: ['not-an-email'] }, /emails\[0\]/],
    [{ emails: ['a@b.test', { email: 'c@d.test' }] }, /emails\[1\].role/],
    [{ emails: ['a@b.test'], role: 'boss' }, /role/],
    [{ emails: ['a@b.test'], sso: 'yes' }, /sso/],
  ])('rejects the invite %j with a 400 naming the field', async (body, pattern) => {
    const org = await newOrganization();
    expectError(await org.admin.client.post(`/v1/orgs/${org.organizationId}/invites`, body), 400, pattern);
  });

  it('creates, lists and deletes link invites; a second user joins with one while invite links are enabled', async () => {
    const org = await newOrganization();
    const base = `/v1/orgs/${org.organizationId}/link-invites`;
    const link = expectOperation<InviteLink>(await org.admin.client.post(base, { role: 'review' }), 'createOrganizationInvite', 201);
    expect(link).toMatchObject({ role: 'review', redundant: true });
    const guestLink = expectOperation<InviteLink>(await org.admin.client.post(base, { role: null }), 'createOrganizationInvite', 201);
    const listed = await walk<InviteLink>(org.admin.client, `${base}?limit=1`, 'listOrganizationInviteLinks');
    expect(listed.map((l) => l.id)).toEqual([link.id, guestLink.id]);

    const one = expectOperation<InviteLink>(await org.admin.client.get(`${base}/${guestLink.id}`), 'getOrganizationInviteLink', 200);
    expect(one).toMatchObject({ id: guestLink.id, role: null });
    const retargeted = expectOperation<InviteLink>(
      await org.admin.client.patch(`${base}/${guestLink.id}`, { role: 'comment' }),
      'updateOrganizationInviteById',
      200,
    );
    expect(retargeted.role).toBe('comment');
    expectError(await org.admin.client.patch(`${base}/${guestLink.id}`, { role: 'root' }), 400, /role/);
    expectError(await org.admin.client.get(`${base}/noSuchInvite1`), 404, /invite/);

    const joiner = await newUser('joiner');
    const join = `/v1/orgs/${org.organizationId}/invites/${link.id}`;
    expectError(await joiner.client.post(join), 403, /disabled/);
    expectOperation(await org.admin.client.patch(`/v1/orgs/${org.organizationId}`, { inviteLinks: true }), 'updateOrganizationById', 200);
    expectOperation(await joiner.client.post(join), 'joinOrganizationWithInvite', 200);
    const member = expectOperation<{ role: string }>(
      await org.admin.client.get(`/v1/orgs/${org.organizationId}/members/${joiner.userId}`),
      'getMemberInOrganizationById',
      200,
    );
    expect(member.role).toBe('review');

    expectError(await joiner.client.post(base, { role: 'read' }), 403);
    expectError(await joiner.client.get(base), 403);
    expectOperation(await org.admin.client.delete(`${base}/${link.id}`), 'deleteOrganizationInviteById', 204);
    expectOperation(await org.admin.client.delete(`${base}/${link.id}`), 'deleteOrganizationInviteById', 204);
    const late = await newUser('late');
    expectError(await late.client.post(join), 404, /invite/);
  });

  it('rejects bad link invites and hides other organizations', async () => {
    const org = await newOrganization();
    const reader = await addMember(org, 'read');
    expectError(await org.admin.client.post(`/v1/orgs/${org.organizationId}/link-invites`, {}), 400, /role/);
    expectError(await org.admin.client.post(`/v1/orgs/${org.organizationId}/link-invites`, { role: 'god' }), 400, /role/);
    expectError(await reader.client.delete(`/v1/orgs/${org.organizationId}/link-invites/abc`), 403);
    const other = await newOrganization();
    expectError(await other.admin.client.get(`/v1/orgs/${org.organizationId}/link-invites`), 404);
    const foreign = expectOperation<InviteLink>(
      await other.admin.client.post(`/v1/orgs/${other.organizationId}/link-invites`, { role: 'read' }),
      'createOrganizationInvite',
      201,
    );
    expectError(await reader.client.post(`/v1/orgs/${org.organizationId}/invites/${foreign.id}`), 404);
  });
});
