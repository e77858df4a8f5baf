import { GATEWAY, SERVICES } from './apps';
import { natsPasswordVariable, natsUserFor, natsUsers, renderAuthorization } from './nats-permissions';

describe('NATS permissions', () => {
  const content = natsUserFor(SERVICES.find((s) => s.name === 'content')!);

  it('lets a service answer its own subjects, read its own inbox and publish its own events only', () => {
    // And hear identity's membership changes, since it asks for standings (its MembershipFeed).
    expect(content.permissions!.subscribe.allow).toEqual(['content.>', '_INBOX.content.>', 'identity.membership.changed']);
    expect(content.permissions!.allow_responses).toBe(true);
    expect(content.permissions!.publish.allow).toContain('events.content.>');
    expect(content.permissions!.publish.allow).not.toContain('events.identity.>');
    expect(content.permissions!.publish.allow).toContain('identity.membership.get');
    expect(content.permissions!.publish.allow).not.toContain('identity.>');
  });

  it('lets identity alone announce membership changes, and only services asking for standings hear them', () => {
    const user = (name: string) => natsUserFor(SERVICES.find((s) => s.name === name)!).permissions!;
    expect(user('identity').publish.allow).toContain('identity.membership.changed');
    expect(user('content').publish.allow).not.toContain('identity.membership.changed');
    // Collaboration asks content for space levels, never identity for standings.
    expect(user('collaboration').subscribe.allow).not.toContain('identity.membership.changed');
  });

  it('lets the gateway call every service and use JetStream for its KV bucket, but answer nothing', () => {
    const gateway = natsUserFor(GATEWAY);
    expect(gateway.permissions!.publish.allow).toEqual(expect.arrayContaining(['identity.>', 'content.>', '$JS.API.>', '$KV.>']));
    expect(gateway.permissions!.subscribe.allow).toEqual(['_INBOX.gateway.>', 'events.identity.token.revoked']);
    expect(gateway.permissions!.allow_responses).toBeUndefined();
  });

  it("gives an event consumer its own durable on EVENTS and nobody else's", () => {
    const identity = natsUserFor(SERVICES.find((s) => s.name === 'identity')!).permissions!.publish.allow;
    expect(identity).toEqual(
      expect.arrayContaining([
        '$JS.API.CONSUMER.*.EVENTS.identity-space-counts',
        '$JS.API.CONSUMER.MSG.NEXT.EVENTS.identity-space-counts',
        '$JS.ACK.EVENTS.identity-space-counts.>',
        'dlq.events.content.space.*',
      ]),
    );
    expect(identity.filter((subject) => subject.startsWith('$JS.API.CONSUMER.') && !subject.includes('identity-space-counts'))).toEqual([]);
    // Content consumes events too (comment counts from collaboration): only under its own durable names.
    const contentConsumers = content.permissions!.publish.allow.filter((subject) => subject.includes('.EVENTS.'));
    expect(contentConsumers.length).toBeGreaterThan(0);
    expect(contentConsumers.filter((subject) => !subject.includes('.EVENTS.content-'))).toEqual([]);
  });

  it('renders the authorization block with env-substituted passwords', () => {
    const text = renderAuthorization(natsUsers(), (u) => `$${natsPasswordVariable(u)}`);
    expect(text).toContain('user: "content"\n      password: $NATS_CONTENT_PASSWORD');
    expect(text).toContain('user: "operator"\n      password: $NATS_OPERATOR_PASSWORD\n    }');
  });
});
