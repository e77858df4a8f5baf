import {
  DEAD_LETTER_PREFIX,
  DEAD_LETTER_STREAM,
  EVENT_SUBJECT_PREFIX,
  EVENTS_STREAM,
  JOB_SUBJECT_PREFIX,
  JOBS_STREAM,
} from '@bindery/platform';
import { IdentityBroadcasts, IdentitySubjects } from '@bindery/contracts';
import { ALL_APPS, type AppSpec } from './apps';

/** A NATS user of the system and what it may publish and subscribe to. */
export interface NatsUser {
  user: string;
  /** Absent: every subject (the operator's user, for tools, tests and dead-letter replays). */
  permissions?: {
    publish: { allow: string[] };
    subscribe: { allow: string[] };
    /** May answer the requests it receives (one reply each) without publishing to `_INBOX.>`. */
    allow_responses?: boolean;
  };
}

/** Full rights: tools, tests and an operator inspecting or replaying dead letters. */
export const OPERATOR_NATS_USER = 'operator';

const STREAMS = [EVENTS_STREAM, JOBS_STREAM, DEAD_LETTER_STREAM];

/**
 * What a service does with JetStream: creates the streams if missing (`ensureStreams`) and, through
 * its outbox relay, publishes its own events (`events.<ctx>.…`) and no other context's.
 */
const streamSetup = (): string[] => [
  '$JS.API.INFO',
  ...STREAMS.map((s) => `$JS.API.STREAM.INFO.${s}`),
  ...STREAMS.map((s) => `$JS.API.STREAM.CREATE.${s}`),
];

/** A service also queues its own jobs (`jobs.<ctx>.…`, job types are named `<ctx>.<job>`) through its outbox. */
const serviceJetStream = (app: AppSpec): string[] => [
  ...streamSetup(),
  `${EVENT_SUBJECT_PREFIX}${app.name}.>`,
  `${JOB_SUBJECT_PREFIX}${app.name}.>`,
];

/**
 * A worker process (`dir` names its service) runs durable pull consumers on the JOBS work queue:
 * creates and reads them, pulls, acks, and dead-letters its service's jobs.
 */
const workerJetStream = (service: string): string[] => [
  ...streamSetup(),
  `$JS.API.CONSUMER.*.${JOBS_STREAM}.>`,
  `$JS.API.CONSUMER.DURABLE.CREATE.${JOBS_STREAM}.>`,
  `$JS.API.CONSUMER.MSG.NEXT.${JOBS_STREAM}.>`,
  `$JS.ACK.${JOBS_STREAM}.>`,
  `${DEAD_LETTER_PREFIX}${JOB_SUBJECT_PREFIX}${service}.>`,
];

/**
 * Durable event consumers (`NatsAccess.consumes`): each may create, read and pull its own durable
 * on EVENTS, ack its messages and dead-letter the events it hears, and nothing of other consumers.
 */
const eventConsumers = (consumers: NonNullable<AppSpec['nats']['consumes']>): string[] =>
  consumers.flatMap(({ durable, subject }) => [
    `$JS.API.CONSUMER.*.${EVENTS_STREAM}.${durable}`,
    `$JS.API.CONSUMER.CREATE.${EVENTS_STREAM}.${durable}.>`,
    `$JS.API.CONSUMER.DURABLE.CREATE.${EVENTS_STREAM}.${durable}`,
    `$JS.API.CONSUMER.MSG.NEXT.${EVENTS_STREAM}.${durable}`,
    `$JS.ACK.${EVENTS_STREAM}.${durable}.>`,
    `${DEAD_LETTER_PREFIX}${EVENT_SUBJECT_PREFIX}${subject}`,
  ]);

/**
 * One app's permissions: its own request subjects (`<ctx>.>`, answered with allow_responses) and
 * reply inbox (`_INBOX.<app>.>`, see natsConnectionOptions), the subjects of other services it
 * calls, the JetStream API it uses and the events it publishes or listens to. Anything else is a
 * permissions violation: a compromised content cannot read identity's requests or replies, nor
 * impersonate the gateway towards identity's service-only subjects.
 */
export function natsUserFor(app: AppSpec): NatsUser {
  const worker = app.dir !== undefined;
  const serves = app.schema !== undefined && !worker;
  const jetStream = worker ? workerJetStream(app.dir!) : serves ? serviceJetStream(app) : [];
  if (app.nats.consumes) jetStream.push(...eventConsumers(app.nats.consumes));
  // A service that asks for standings hears when they change (its `MembershipFeed`, on the
  // connection its requests arrive on), so it may reuse them.
  const hearsMemberships = serves && app.nats.calls.includes(IdentitySubjects.membershipGet) ? [IdentityBroadcasts.membershipChanged] : [];
  return {
    user: app.name,
    permissions: {
      publish: { allow: [...app.nats.calls, ...jetStream, ...(app.nats.publishes ?? [])] },
      subscribe: {
        allow: [...(serves ? [`${app.name}.>`] : []), `_INBOX.${app.name}.>`, ...(app.nats.listens ?? []), ...hearsMemberships],
      },
      ...(serves ? { allow_responses: true } : {}),
    },
  };
}

/** Every user of the system: one per app, and the operator. */
export const natsUsers = (): NatsUser[] => [...ALL_APPS.map(natsUserFor), { user: OPERATOR_NATS_USER }];

/** The env variable that holds a user's password in deploy/nats/nats.conf and docker-compose.yml. */
export const natsPasswordVariable = (user: string): string => `NATS_${user.toUpperCase().replace(/-/g, '_')}_PASSWORD`;

/**
 * Seconds a client has to authenticate, not nats-server's default of about one: the all-in-one
 * process opens every app's connection while it loads every app's code, and on a busy machine its
 * loop can be held longer than a second (the server then closes with "Authentication Timeout").
 */
export const NATS_AUTH_TIMEOUT_SECONDS = 10;

/**
 * The `authorization` block of nats-server's config. `password` gives each user's password as it
 * must appear in the file: a quoted string, or `$VARIABLE` for nats-server's env substitution.
 */
export function renderAuthorization(users: NatsUser[], password: (user: string) => string): string {
  const list = (values: string[]) => `[${values.map((v) => JSON.stringify(v)).join(', ')}]`;
  const lines = users.map((u) => {
    const fields = [`user: ${JSON.stringify(u.user)}`, `password: ${password(u.user)}`];
    if (u.permissions) {
      const p = u.permissions;
      const perms = [`publish: { allow: ${list(p.publish.allow)} }`, `subscribe: { allow: ${list(p.subscribe.allow)} }`];
      if (p.allow_responses) perms.push('allow_responses: true');
      fields.push(`permissions: {\n        ${perms.join('\n        ')}\n      }`);
    }
    return `    {\n      ${fields.join('\n      ')}\n    }`;
  });
  return `authorization {\n  timeout: ${NATS_AUTH_TIMEOUT_SECONDS}\n  users: [\n${lines.join('\n')}\n  ]\n}\n`;
}
