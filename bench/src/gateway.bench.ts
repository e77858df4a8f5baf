import { fork } from 'node:child_process';
import { join } from 'node:path';
import { freePort, SERVICES } from '@bindery/stack';
import { controlTestStack, testStack } from '@bindery/testing';
import { formatLoad, load } from './load';

const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/**
 * GET /v1/orgs/{id} through gateway → NATS → identity → Postgres, against a bare Fastify + pg
 * route reading the same row, in the same run. Target: ≥ 35% of the reference's throughput and
 * p99 < 40 ms at 64 connections.
 */
export async function gatewayBench(): Promise<string[]> {
  const stack = await controlTestStack();
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const port = await freePort();
  const reference = fork(join(__dirname, 'reference-server.js'), [], {
    env: { ...process.env, PORT: String(port), DATABASE_URL: stack.envFor(SERVICES.find((s) => s.name === 'identity')!).DATABASE_URL },
  });
  await new Promise<void>((resolve, reject) => {
    reference.once('message', () => resolve());
    reference.once('exit', (code) => reject(new Error(`reference server exited (${code})`)));
  });
  try {
    const gatewayTarget = `${gatewayUrl}/v1/orgs/${adminOrganizationId}`;
    const referenceTarget = `http://127.0.0.1:${port}/orgs/${adminOrganizationId}`;
    const headers = { authorization: `Bearer ${adminToken}` };
    // Warm both paths (JIT, pools, token cache) before measuring.
    await load(gatewayTarget, { connections: CONNECTIONS, seconds: 2, headers });
    await load(referenceTarget, { connections: CONNECTIONS, seconds: 2 });
    const gateway = await load(gatewayTarget, { connections: CONNECTIONS, seconds: SECONDS, headers });
    const bare = await load(referenceTarget, { connections: CONNECTIONS, seconds: SECONDS });
    const ratio = (100 * gateway.requestsPerSecond) / bare.requestsPerSecond;
    return [
      `GET /v1/orgs/{id}, ${CONNECTIONS} connections, ${SECONDS} s, 127.0.0.1`,
      formatLoad('gateway → NATS → identity → pg', gateway),
      formatLoad('bare Fastify + pg (reference)', bare),
      `throughput ratio: ${ratio.toFixed(1)}% of the reference (target ≥ 35%); gateway p99 ${gateway.p99} ms (target < 40 ms)`,
    ];
  } finally {
    reference.kill('SIGTERM');
  }
}
