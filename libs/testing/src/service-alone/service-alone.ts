import type { Caller, ErrorPayload, RequestContext, RpcInput, RpcResult, RpcSubject } from '@bindery/contracts';
import { AppError, natsConnectionOptions, newId, provisionServiceSchema } from '@bindery/platform';
import { ServiceClient, startService } from '@bindery/platform/nest';
import { adminUrl, connectionUrl, DATABASE, LocalStack, SERVICES } from '@bindery/stack';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Client, escapeIdentifier } from 'pg';
import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { SERVICE_ALONE_DIR_ENV } from './infrastructure';

export interface ServiceAloneOptions {
  /** The service's name in the stack (`identity`, `content`): its schema, role, NATS user and secrets. */
  app: string;
  /** Its real root module, built from the environment the stack gives that service (`loadConfig` it). */
  module: (env: NodeJS.ProcessEnv) => Type<unknown> | DynamicModule;
  /** Added to or replacing the service's environment. */
  env?: NodeJS.ProcessEnv;
}

export interface SendOptions {
  /** Who calls; without one the service answers 401 unless the subject is callerless. */
  caller?: Caller;
  requestId?: string;
}

/** A stub of a peer service: answers one subject on the real NATS until closed. */
export interface PeerStub {
  /** Every request's envelope data, in order received. */
  readonly calls: unknown[];
  close(): Promise<void>;
}

export type PeerAnswer = (data: never, ctx: RequestContext) => unknown;

/** One service running alone: its real module on the tier's NATS and its own Postgres schema. */
export interface ServiceAlone {
  readonly app: INestMicroservice;
  /** The environment the module was built from (DATABASE_URL, NATS settings, secrets). */
  readonly env: NodeJS.ProcessEnv;
  /** A provider of the running module: a repository, a service, the DataSource. */
  get<T>(token: Type<T> | string | symbol): T;
  /** A request/reply over NATS, as the gateway sends it (envelope `{ctx, data}`); a refusal rejects with its AppError. */
  send<S extends RpcSubject>(subject: S, data: RpcInput<S>, options?: SendOptions): Promise<RpcResult<S>>;
  /** Answers `subject` in place of the peer service that owns it (the answer may throw an AppError). */
  stubPeer(subject: string, answer: PeerAnswer): Promise<PeerStub>;
  stop(): Promise<void>;
}

const BASE_URL = 'http://127.0.0.1:1';

/** A caller as the gateway would set it after checking a token. */
export const callerFor = (userId: string): Caller => ({ userId, tokenId: `test-token-${userId}` });

/**
 * Boots one service's real module as a NATS microservice (the same `startService` as production:
 * envelope guard, error filter) against the infrastructure of the tier's global setup. Its
 * migrations run on start, as in production. Nothing else runs: peers it calls are stubbed with
 * `stubPeer`. Data persists for the run, so each test creates its own organizations and users.
 */
export async function startServiceAlone(options: ServiceAloneOptions): Promise<ServiceAlone> {
  const { stack, env } = await tierEnvironment(options.app, options.env);
  const spec = SERVICES.find((s) => s.name === options.app)!;
  const app = await startService({
    name: spec.name,
    module: options.module(env),
    nats: { NATS_URL: env.NATS_URL!, NATS_USER: env.NATS_USER, NATS_PASSWORD: env.NATS_PASSWORD },
  });
  // The test's side of NATS: the operator user may send to and answer every subject.
  const nc = await connect(natsConnectionOptions(stack.natsSettings(), `${spec.name}-test`));
  const client = new ServiceClient(nc, 10_000);
  const stubs: PeerStub[] = [];
  return {
    app,
    env,
    get: <T>(token: Type<T> | string | symbol) => app.get<T>(token, { strict: false }),
    send: <S extends RpcSubject>(subject: S, data: RpcInput<S>, { caller, requestId }: SendOptions = {}) =>
      client.send(subject, { requestId: requestId ?? newId(), caller, baseUrl: BASE_URL }, data),
    stubPeer: async (subject, answer) => {
      const stub = await answerOnNats(nc, subject, answer);
      stubs.push(stub);
      return stub;
    },
    stop: async () => {
      for (const stub of stubs) await stub.close();
      await app.close();
      await nc.drain();
    },
  };
}

/**
 * The environment the stack gives a service (its `DATABASE_URL` with its own role, NATS settings,
 * secrets) on the tier's infrastructure, without booting it: for a test of a migration or a query.
 * Its schema exists, but is migrated only once the service has started in this run.
 */
export async function serviceAloneEnv(app: string): Promise<NodeJS.ProcessEnv> {
  return (await tierEnvironment(app)).env;
}

/**
 * A new empty schema on the tier's Postgres, owned by a new role of its own: for a test that
 * migrates a database from scratch (an older release's migrations, then the current ones) without
 * touching the app's own schema, which other test files of the run share. An extension exists once
 * per database, in the app's schema, so the role may use that schema and `searchPath` (scratch
 * schema first) reaches it. `name`: lower-case letters, digits and `_`.
 */
export async function scratchSchema(app: string, name: string): Promise<{ url: string; schema: string; searchPath: string }> {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(name)) throw new Error(`scratch schema name "${name}" must be lower-case letters, digits and _`);
  const { stack } = await tierEnvironment(app);
  const spec = SERVICES.find((s) => s.name === app)!;
  const schema = `scratch_${name}`;
  const password = newId();
  const { postgres } = stack.state;
  const admin = adminUrl(postgres, DATABASE);
  await provisionServiceSchema(admin, { database: DATABASE, schema, role: schema, password });
  const appSchema = 'schema' in spec && spec.schema ? spec.schema : schema;
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`GRANT USAGE ON SCHEMA ${escapeIdentifier(appSchema)} TO ${escapeIdentifier(schema)}`);
  } finally {
    await client.end();
  }
  return { url: connectionUrl(postgres, schema, password, DATABASE), schema, searchPath: `${schema},${appSchema}` };
}

async function tierEnvironment(app: string, overrides: NodeJS.ProcessEnv = {}): Promise<{ stack: LocalStack; env: NodeJS.ProcessEnv }> {
  const dataDir = process.env[SERVICE_ALONE_DIR_ENV];
  if (!dataDir)
    throw new Error(`no service-alone infrastructure: run through vitest with the tier's global setup (${SERVICE_ALONE_DIR_ENV})`);
  const spec = SERVICES.find((s) => s.name === app);
  if (!spec) throw new Error(`no service ${app} in the stack`);
  const stack = await LocalStack.prepare({ dataDir });
  return { stack, env: { ...stack.envFor(spec, {}), NODE_ENV: 'test', ...overrides } };
}

/** Answers in NestJS's reply packet format, which ServiceClient reads (`response`, or `err` as an ErrorPayload). */
async function answerOnNats(nc: NatsConnection, subject: string, answer: PeerAnswer): Promise<PeerStub> {
  const calls: unknown[] = [];
  const sub = nc.subscribe(subject, {
    callback: (error, msg) => {
      if (error) return;
      void (async () => {
        const packet = msg.json<{ id?: string; data: { ctx: RequestContext; data: never } }>();
        calls.push(packet.data.data);
        try {
          const response = await answer(packet.data.data, packet.data.ctx);
          msg.respond(JSON.stringify({ id: packet.id, response, isDisposed: true }));
        } catch (thrown) {
          const err: ErrorPayload =
            thrown instanceof AppError ? thrown.toPayload() : { code: 500, reason: 'internal', message: String(thrown) };
          msg.respond(JSON.stringify({ id: packet.id, err, isDisposed: true }));
        }
      })();
    },
  });
  // The subscription is known to the server before the service can send to it.
  await nc.flush();
  return {
    calls,
    close: async () => {
      sub.unsubscribe();
      await nc.flush();
    },
  };
}
