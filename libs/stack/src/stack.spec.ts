import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GATEWAY, SERVICES, WORKERS } from './apps';
import { passThroughVariables } from './app-env';
import { Client } from 'pg';
import { LocalStack } from './stack';

const content = SERVICES.find((s) => s.name === 'content')!;
const identity = SERVICES.find((s) => s.name === 'identity')!;

describe('LocalStack.envFor: the settings of `pnpm start`', () => {
  let dataDir: string;
  let stack: LocalStack;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'bindery-stack-spec-'));
    stack = await LocalStack.prepare({ dataDir, gatewayPort: 18080, natsPort: 14222, postgresPort: 15432 });
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('passes a setting of the shell to the app whose env class reads it, and to no other', () => {
    const shell = {
      PATH: '/bin',
      FETCH_ALLOW_PRIVATE_HOSTS: '10.0.0.0/8',
      FILE_STORAGE: 's3',
      TOKEN_CACHE_TTL_MS: '7000',
      RPC_TIMEOUT_MS: '3000',
    };
    const contentEnv = stack.envFor(content, shell);
    expect(contentEnv.FETCH_ALLOW_PRIVATE_HOSTS).toBe('10.0.0.0/8');
    expect(contentEnv.FILE_STORAGE).toBe('s3');
    expect(contentEnv.TOKEN_CACHE_TTL_MS).toBeUndefined();
    expect(stack.envFor(GATEWAY, shell).TOKEN_CACHE_TTL_MS).toBe('7000');
    // Every app that calls another service reads RPC_TIMEOUT_MS (NatsEnv).
    expect(contentEnv.RPC_TIMEOUT_MS).toBe('3000');
    expect(stack.envFor(identity, shell).RPC_TIMEOUT_MS).toBe('3000');
    expect(stack.envFor(GATEWAY, shell).FETCH_ALLOW_PRIVATE_HOSTS).toBeUndefined();
    expect(stack.envFor(identity, shell).FILE_STORAGE).toBeUndefined();
    // A worker reads its service's env class, from its service's directory.
    expect(stack.envFor(WORKERS.find((w) => w.name === 'content-worker')!, shell).FILE_STORAGE).toBe('s3');
  });

  it("reaches Postgres over the cluster's Unix socket, with the service's own role and password", () => {
    // Parsed by pg itself, as every service, migration and the outbox listener parse DATABASE_URL.
    const client = new Client({ connectionString: stack.envFor(content).DATABASE_URL });
    expect(client.host).toBe(join(dataDir, 'postgres-socket'));
    expect(client.port).toBe(15432);
    expect(client.user).toBe('bindery_content');
    expect(client.password).toBe(stack.state.secrets['role:content']);
    expect(client.database).toBe('bindery');
  });

  it('keeps what the stack manages: connections, credentials, ports, generated secrets', () => {
    const shell = {
      DATABASE_URL: 'postgres://evil',
      NATS_USER: 'operator',
      PORT: '1',
      FILE_URL_SECRET: 'x'.repeat(40),
      PUBLIC_URL: 'https://docs.example.com',
    };
    const contentEnv = stack.envFor(content, shell);
    expect(contentEnv.DATABASE_URL).toMatch(/^postgres:\/\/bindery_content:/);
    expect(contentEnv.NATS_USER).toBe('content');
    expect(contentEnv.NATS_PASSWORD).toBe(stack.state.secrets['nats:content']);
    expect(contentEnv.FILE_URL_SECRET).toBe(stack.state.secrets.FILE_URL_SECRET);
    const gatewayEnv = stack.envFor(GATEWAY, shell);
    expect(gatewayEnv.PORT).toBe('18080');
    // Not managed: behind a proxy the public URL is the operator's to set.
    expect(gatewayEnv.PUBLIC_URL).toBe('https://docs.example.com');
    expect(stack.envFor(GATEWAY, {}).PUBLIC_URL).toBe('http://127.0.0.1:18080');
  });

  it("derives the pass-through list from each app's env class", () => {
    expect(passThroughVariables(GATEWAY)).toEqual(expect.arrayContaining(['RPC_TIMEOUT_MS', 'PAGE_TREE_CACHE_MB', 'PUBLIC_URL']));
    expect(passThroughVariables(content)).toEqual(expect.arrayContaining(['FETCH_TIMEOUT_MS', 'S3_BUCKET', 'FILE_STORAGE']));
    expect(passThroughVariables(content)).not.toContain('FILE_URL_SECRET');
    expect(passThroughVariables(content)).not.toContain('NATS_PASSWORD');
  });

  it('gives every app its own NATS password', () => {
    const passwords = [...SERVICES, GATEWAY].map((app) => stack.envFor(app, {}).NATS_PASSWORD);
    expect(new Set(passwords).size).toBe(passwords.length);
  });
});
