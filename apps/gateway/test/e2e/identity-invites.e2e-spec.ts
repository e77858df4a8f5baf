import { expectError, expectOperation } from '@bindery/testing';
import { newUser } from './helpers';
import { addMember, newOrganization, walk } from './identity-helpers';

interface InviteLink {
  id: string;
  role: string | null;
  redundant: boolean;
}

describe('identity: invites', () => {
  it('invites users by email, creating accounts for unknown addresses and leaving members as they are', async () => {
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
    expect(result.users).toContain(known.userId);
    const member = expectOperation<{ role: string }>(
      await org.admin.client.get(`/v1/orgs/${org.organizationId}/members/${known.userId}`),
      'getMemberInOrganizationById',
      200,
    );
    expect(member.role).toBe('comment');
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
