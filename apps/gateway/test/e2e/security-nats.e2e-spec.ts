import { ContentSubjects, healthSubject, IdentityEvents, IdentitySubjects } from '@bindery/contracts';
import { natsConnectionOptions } from '@bindery/platform';
import { testNats, testStack } from '@bindery/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';

/** Connects as one of the stack's NATS users (an app's name). */
const connectAs = (user: string): Promise<NatsConnection> =>
  connect({ ...natsConnectionOptions(testNats(user), `e2e-as-${user}`), maxReconnectAttempts: 0 });

/** A request in the NestJS packet format the services speak, as the gateway's ServiceClient sends it. */
async function ask(
  nc: NatsConnection,
  subject: string,
  ctx: Record<string, unknown>,
  data: unknown,
): Promise<{ response?: unknown; err?: unknown }> {
  const packet = JSON.stringify({ pattern: subject, data: { ctx, data }, id: `e2e-${Date.now()}` });
  return (await nc.request(subject, packet, { timeout: 5000 })).json();
}

describe('NATS: every app has its own credentials and permissions', () => {
  it('refuses a connection without credentials, or with a wrong password', async () => {
    await expect(connect({ servers: testStack().natsUrl, maxReconnectAttempts: 0 })).rejects.toThrow(/authoriz/i);
    const content = testNats('content');
    await expect(connect(natsConnectionOptions({ ...content, NATS_PASSWORD: `${content.NATS_PASSWORD}x` }, 'e2e-wrong'))).rejects.toThrow(
      /authoriz/i,
    );
  });

  it("does not let content listen to identity's requests or to other apps' replies", async () => {
    const nc = await connectAs('content');
    try {
      for (const subject of ['identity.>', IdentitySubjects.tokenVerify, '_INBOX.>', '_INBOX.gateway.>', '>']) {
        const closed = await nc.subscribe(subject).closed;
        expect(closed).toBeInstanceOf(Error);
        expect(String(closed)).toMatch(/Permissions Violation for Subscription/);
      }
    } finally {
      await nc.close();
    }
  });

  it('does not let content call identity subjects it does not need, nor publish identity events', async () => {
    const nc = await connectAs('content');
    try {
      // Verifying tokens is the gateway's business; content only asks about memberships and users.
      await expect(ask(nc, IdentitySubjects.tokenVerify, { requestId: 'e2e', baseUrl: '' }, { token: 'bdy_x' })).rejects.toThrow(
        /Permissions Violation for Publish to "identity.token.verify"/,
      );
      // A forged identity event (as if a member had been added) would reach every consumer.
      await expect(nc.request(`events.${IdentityEvents.memberAdded}`, '{}', { timeout: 2000 })).rejects.toThrow(
        /Permissions Violation for Publish/,
      );
      // What content does need still reaches identity (a stranger is not a member: 404).
      const caller = { userId: 'nobody', tokenId: 'none' };
      const org = await ask(
        nc,
        IdentitySubjects.orgGet,
        { requestId: 'e2e', baseUrl: '', caller },
        { organizationId: testStack().adminOrganizationId },
      );
      expect(org.err).toMatchObject({ code: 404 });
    } finally {
      await nc.close();
    }
  });

  it('answers 401 to a request without a caller on a subject that needs one, even from the gateway', async () => {
    const nc = await connectAs('gateway');
    const { adminOrganizationId: organizationId } = testStack();
    try {
      // Before: content listed every space of any organization when the caller was absent.
      const anonymous = await ask(nc, ContentSubjects.spaceList, { requestId: 'e2e', baseUrl: '' }, { organizationId });
      expect(anonymous.response).toBeUndefined();
      expect(anonymous.err).toEqual({
        code: 401,
        reason: 'unauthorized',
        message: `Authentication required: ${ContentSubjects.spaceList} needs a caller`,
      });
      const members = await ask(nc, IdentitySubjects.memberList, { requestId: 'e2e', baseUrl: '' }, { organizationId });
      expect(members.err).toMatchObject({ code: 401 });
      const malformed = await ask(nc, IdentitySubjects.orgList, { requestId: 'e2e', baseUrl: '', caller: { userId: 42 } }, {});
      expect(malformed.err).toMatchObject({ code: 401, message: expect.stringMatching(/Malformed caller/) });
      // Callerless by contract: token verification, health.
      const verify = await ask(nc, IdentitySubjects.tokenVerify, { requestId: 'e2e', baseUrl: '' }, { token: 'bdy_unknown' });
      expect(verify.err).toBeUndefined();
      expect((await ask(nc, healthSubject('content'), { requestId: 'e2e', baseUrl: '' }, {})).response).toMatchObject({ ok: true });
    } finally {
      await nc.close();
    }
  });
});
