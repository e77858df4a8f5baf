import { CollaborationSubjects, IdentitySubjects } from '@bindery/contracts';
import { natsConnectionOptions } from '@bindery/platform';
import { testNats } from '@bindery/testing';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { anonymousClient } from './helpers';

/** A request in the NestJS packet format the services speak, as `ServiceClient` sends it. */
async function ask(nc: NatsConnection, subject: string, data: unknown): Promise<{ response?: unknown; err?: unknown }> {
  const packet = JSON.stringify({ pattern: subject, data: { ctx: { requestId: 'e2e', baseUrl: '' }, data }, id: `e2e-${Date.now()}` });
  return (await nc.request(subject, packet, { timeout: 5000 })).json();
}

describe('service kit: a service built from startService alone (collaboration)', () => {
  it('is part of readiness: /readyz waits for collaboration, which answers its health probe with its database', async () => {
    const ready = await anonymousClient().get('/readyz');
    expect(ready.status).toBe(200);
    // Every routed service is listed and up; new services join the list without editing this test.
    expect(ready.body).toMatchObject({ status: 'ready', services: { identity: 'up', content: 'up', collaboration: 'up' } });
    expect(Object.values((ready.body as { services: Record<string, string> }).services).every((state) => state === 'up')).toBe(true);
  });

  it('answers <name>.health.ping without a caller (the handler startService adds), as the gateway asks it', async () => {
    const nc = await connect({ ...natsConnectionOptions(testNats('gateway'), 'e2e-as-gateway'), maxReconnectAttempts: 0 });
    try {
      const reply = await ask(nc, CollaborationSubjects.health, {});
      expect(reply.err).toBeUndefined();
      expect(reply.response).toEqual({ service: 'collaboration', ok: true, database: true });
    } finally {
      await nc.close();
    }
  });

  it('connects as its own NATS user, which may call only the subjects its NatsAccess lists (not token verification)', async () => {
    const nc = await connect({ ...natsConnectionOptions(testNats('collaboration'), 'e2e-as-collaboration'), maxReconnectAttempts: 0 });
    try {
      await expect(ask(nc, IdentitySubjects.tokenVerify, { token: 'bdy_x' })).rejects.toThrow(
        /Permissions Violation for Publish to "identity.token.verify"/,
      );
    } finally {
      await nc.close();
    }
  });
});
