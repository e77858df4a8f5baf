import { expectError, expectOperation, identityCli, testStack } from '@bindery/testing';
import { newUser } from './helpers';

describe('operator CLI', () => {
  it('adds a user to an organization with a role, which then sees it with that role', async () => {
    const { client, email } = await newUser('cli-member');
    const orgPath = `/v1/orgs/${testStack().adminOrganizationId}`;
    expectError(await client.get(orgPath), 404);
    const added = await identityCli(['member:add', '--org', testStack().adminOrganizationId, '--email', email, '--role', 'read']);
    expect(added).toMatchObject({ organizationId: testStack().adminOrganizationId, role: 'read' });
    const org = expectOperation<{ permissions: { admin: boolean; view: boolean } }>(await client.get(orgPath), 'getOrganizationById', 200);
    expect(org.permissions).toMatchObject({ view: true, admin: false });
  });

  it('creates an organization for an existing user', async () => {
    const { client, email } = await newUser('cli-owner');
    const created = await identityCli(['org:create', '--title', 'Made by CLI', '--owner-email', email]);
    const org = expectOperation<{ title: string; permissions: { admin: boolean } }>(
      await client.get(`/v1/orgs/${created.organizationId as string}`),
      'getOrganizationById',
      200,
    );
    expect(org).toMatchObject({ title: 'Made by CLI', permissions: { admin: true } });
  });

  it('refuses an unknown role and an unknown email with a JSON error and a non-zero exit', async () => {
    await expect(
      identityCli(['member:add', '--org', testStack().adminOrganizationId, '--email', 'admin@e2e.test', '--role', 'owner']),
    ).rejects.toThrow(/--role must be one of/);
    await expect(identityCli(['token:create', '--email', 'nobody@e2e.test'])).rejects.toThrow(/No user with email/);
  });
});
