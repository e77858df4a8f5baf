import type { RequestContext } from '@bindery/contracts';
import { natsConnectionOptions, ServiceClient, SpaceAccessClient } from '@bindery/platform';
import { testNats } from '@bindery/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { newUser } from './helpers';
import { addMember, newOrganization, type TestUser } from './identity-helpers';

const ctxOf = (user: TestUser): RequestContext => ({
  requestId: `e2e-access-${Date.now()}`,
  baseUrl: 'http://127.0.0.1',
  caller: { userId: user.userId, tokenId: user.tokenId },
});

describe('SpaceAccessClient: another service asks content whether a caller may act in a space', () => {
  let nc: NatsConnection;
  let access: SpaceAccessClient;

  beforeAll(async () => {
    // Connected as identity's NATS user: a service other than content, with only its own rights.
    nc = await connect(natsConnectionOptions(testNats('identity'), 'e2e-space-access'));
    access = new SpaceAccessClient(new ServiceClient(nc, 5000));
  });
  afterAll(async () => {
    await nc.drain();
  });

  it("answers with content's levels: the organization and permissions, 404 without a level, 403 below the action", async () => {
    const org = await newOrganization('Access client');
    const editor = await addMember(org, 'edit');
    const guest = await addMember(org, null, 'guest');
    const stranger = await newUser('stranger');
    const space = (await org.admin.client.post<{ id: string }>(`/v1/orgs/${org.organizationId}/spaces`, { title: 'Guarded' })).body;

    const allowed = await access.require(ctxOf(editor), space.id, 'edit');
    expect(allowed).toMatchObject({ space: space.id, organization: org.organizationId, level: 'edit', permissions: { edit: true } });
    await expect(access.require(ctxOf(editor), space.id, 'review')).rejects.toMatchObject({
      code: 403,
      message: 'This needs the "review" level or higher on the space',
    });
    await expect(access.require(ctxOf(editor), space.id, 'admin')).rejects.toMatchObject({ code: 403 });
    for (const outsider of [guest, stranger]) {
      await expect(access.require(ctxOf(outsider), space.id, 'view')).rejects.toMatchObject({
        code: 404,
        message: 'No matching space found',
      });
    }
    await expect(access.require(ctxOf(editor), 'no-such-space', 'view')).rejects.toMatchObject({ code: 404 });
    expect((await access.level(ctxOf(editor), space.id, org.admin.userId)).level).toBe('admin');

    // The space's default level caps the editor: the client sees content's rule, not its own.
    expect((await org.admin.client.patch(`/v1/spaces/${space.id}`, { defaultLevel: 'comment' })).status).toBe(200);
    await expect(access.require(ctxOf(editor), space.id, 'edit')).rejects.toMatchObject({
      code: 403,
      message: 'This needs the "edit" level or higher on the space',
    });
    expect((await access.require(ctxOf(editor), space.id, 'comment')).level).toBe('comment');
    // Content's own endpoint answers the same way for the same caller.
    expect((await editor.client.patch(`/v1/spaces/${space.id}`, { title: 'x' })).status).toBe(403);
  });
});
