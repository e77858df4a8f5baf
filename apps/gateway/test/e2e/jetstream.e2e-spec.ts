import { IdentityEvents, type MemberAddedEvent } from '@bindery/contracts';
import { DEAD_LETTER_PREFIX, JetStreamBus, natsConnectionOptions } from '@bindery/platform';
import { expectOperation, testNats } from '@bindery/testing';
import { connect } from '@nats-io/transport-node';
import { eventually, newUser } from './helpers';

describe('JetStream events and jobs', () => {
  it('delivers identity.member.added to a durable consumer that was down when it was published', async () => {
    const durable = `e2e-member-probe-${Date.now()}`;
    const received: MemberAddedEvent[] = [];
    const record = (event: MemberAddedEvent): Promise<void> => {
      received.push(event);
      return Promise.resolve();
    };

    const first = await JetStreamBus.connect(testNats(), 'e2e-probe');
    await first.consumeEvents({ durable, subject: IdentityEvents.memberAdded, handler: record });
    await first.close(); // the consumer is now down

    const { client, userId } = await newUser('evented');
    const org = expectOperation<{ id: string }>(await client.post('/v1/orgs', { title: 'Evented' }), 'createOrganization', 201);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(received.find((e) => e.organizationId === org.id)).toBeUndefined();

    const second = await JetStreamBus.connect(testNats(), 'e2e-probe');
    try {
      await second.consumeEvents({ durable, subject: IdentityEvents.memberAdded, handler: record });
      await eventually(() => {
        expect(received.filter((e) => e.organizationId === org.id)).toEqual([
          expect.objectContaining({ organizationId: org.id, userId, role: 'admin' }),
        ]);
        return Promise.resolve();
      });
    } finally {
      await second.close();
    }
  });

  it('retries a failing job a bounded number of times, then dead-letters it', async () => {
    const type = `e2e.always-fails.${Date.now()}`;
    const nc = await connect(natsConnectionOptions(testNats(), 'e2e'));
    const deadLetters: string[] = [];
    nc.subscribe(`${DEAD_LETTER_PREFIX}jobs.${type}`, { callback: (_, msg) => void deadLetters.push(msg.string()) });
    const bus = await JetStreamBus.connect(testNats(), 'e2e-jobs');
    const attempts: number[] = [];
    try {
      await bus.processJobs<{ n: number }>({
        durable: `e2e-failing-${Date.now()}`,
        subject: type,
        maxDeliver: 3,
        handler: (_, meta) => {
          attempts.push(meta.deliveryCount);
          return Promise.reject(new Error('boom'));
        },
      });
      await bus.enqueueJob(type, { n: 1 });
      await eventually(() => Promise.resolve(expect(deadLetters).toEqual([JSON.stringify({ n: 1 })])), 10_000);
      expect(attempts).toEqual([1, 2, 3]);
    } finally {
      await bus.close();
      await nc.close();
    }
  });
});
