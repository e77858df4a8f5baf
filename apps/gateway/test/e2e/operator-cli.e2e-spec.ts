import { expectError, expectOperation, identityCli, testStack } from '@bindery/testing';
import { anonymousClient } from './helpers';

// The real CLI process every time (other specs run the same commands in the stack's operator process).
const cli = (args: string[]) => identityCli(args, { process: true });

/** A user made by `user:create`, with a client holding the token the CLI printed. */
async function newUser(prefix: string) {
  const email = `${prefix}-${Date.now()}@e2e.test`;
  const created = await cli(['user:create', '--email', email]);
  expect(created).toMatchObject({ email, userId: expect.any(String), tokenId: expect.any(String) });
  return { client: anonymousClient().withToken(created.token as string), email };
}

describe('operator CLI', () => {
  it('adds a user to an organization with a role, which then sees it with that role', async () => {
    const { client, email } = await newUser('cli-member');
    const orgPath = `/v1/orgs/${testStack().adminOrganizationId}`;
    expectError(await client.get(orgPath), 404);
    const added = await cli(['member:add', '--org', testStack().adminOrganizationId, '--email', email, '--role', 'read']);
    expect(added).toMatchObject({ organizationId: testStack().adminOrganizationId, role: 'read' });
    const org = expectOperation<{ permissions: { admin: boolean; view: boolean } }>(await client.get(orgPath), 'getOrganizationById', 200);
    expect(org.permissions).toMatchObject({ view: true, admin: false });
  });

  it('creates an organization for an existing user', async () => {
    const { client, email } = await newUser('cli-owner');
    const created = await cli(['org:create', '--title', 'Made by CLI', '--owner-email', email]);
    const org = expectOperation<{ title: string; permissions: { admin: boolean } }>(
      await client.get(`/v1/orgs/${created.organizationId as string}`),
      'getOrganizationById',
      200,
    );
    expect(org).toMatchObject({ title: 'Made by CLI', permissions: { admin: true } });
  });

  it('refuses an unknown role and an unknown email with a JSON error and a non-zero exit', async () => {
    await expect(
      cli(['member:add', '--org', testStack().adminOrganizationId, '--email', 'admin@e2e.test', '--role', 'owner']),
    ).rejects.toThrow(/--role must be one of/);
    await expect(cli(['token:create', '--email', 'nobody@e2e.test'])).rejects.toThrow(/No user with email/);
  });
});
