import type { ChildProcess } from 'node:child_process';
import { appEntry, freePort, GATEWAY, startProcess, stopPid } from '@bindery/stack';
import { ApiClient, controlTestStack, expectError, testStack } from '@bindery/testing';
import { eventually } from './helpers';

/**
 * Two extra gateway replicas with small limits, beside the stack's own (which runs without limits
 * so that other tests are not throttled): they share the counters through NATS KV.
 */
describe('operations: rate limits shared by gateway replicas', () => {
  const replicas: Array<{ child: ChildProcess; url: string }> = [];
  const LIMIT = 6;

  beforeAll(async () => {
    const stack = await controlTestStack();
    // A day-long window: the test (a second) straddles two windows only if it runs across midnight UTC.
    const windowMs = 86_400_000;
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      const env = {
        ...stack.envFor(GATEWAY),
        PORT: String(port),
        METRICS_PORT: String(await freePort()),
        RATE_LIMIT_PER_TOKEN: String(LIMIT),
        RATE_LIMIT_PER_ADDRESS: String(LIMIT),
        RATE_LIMIT_WINDOW_MS: String(windowMs),
      };
      const child = startProcess(process.execPath, [appEntry(GATEWAY)], stack.logFile(`gateway-rate-limit-${i}`), env);
      replicas.push({ child, url: `http://127.0.0.1:${port}` });
    }
    for (const { url } of replicas) {
      await eventually(async () => expect((await fetch(`${url}/healthz`)).status).toBe(200), 60_000);
    }
  });

  afterAll(async () => {
    for (const { child } of replicas) if (child.pid) await stopPid(child.pid, appEntry(GATEWAY));
  });

  it('counts a token across replicas, then answers 429 in the official error shape with RateLimit headers and Retry-After', async () => {
    const clients = replicas.map(({ url }) => new ApiClient(url, testStack().adminToken));
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const response = await clients[i % 2].get('/v1/user');
      statuses.push(response.status);
      expect(response.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      expect(response.headers.get('ratelimit-remaining')).toBe(String(LIMIT - 1 - i));
    }
    expect(statuses).toEqual(Array(LIMIT).fill(200));
    for (const client of clients) {
      const refused = await client.get('/v1/user');
      expectError(refused, 429, /Too many requests/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(refused.headers.get('ratelimit-policy')).toMatch(new RegExp(`^${LIMIT};w=\\d+$`));
    }
  });

  it('limits public routes per client address, and never the health probes', async () => {
    const anonymous = new ApiClient(replicas[0].url);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) statuses.push((await anonymous.get('/v1/files/nothing-here/download?token=x')).status);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
    expect(statuses.slice(0, LIMIT).every((status) => status !== 429)).toBe(true);
    for (let i = 0; i < LIMIT + 2; i++) expect((await anonymous.get('/healthz')).status).toBe(200);
  });
});
