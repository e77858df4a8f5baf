import type { ChildProcess } from 'node:child_process';
import { natsConnectionOptions } from '@bindery/platform';
import { appEntry, freePort, GATEWAY, startProcess, stopPid } from '@bindery/stack';
import { ApiClient, controlTestStack, expectError, testNats, testStack } from '@bindery/testing';
import { Kvm } from '@nats-io/kv';
import { connect } from '@nats-io/transport-node';
import { eventually } from './helpers';

/** The largest counter in the replicas' shared bucket (what they have pushed so far). */
async function largestSharedCount(): Promise<number> {
  const nc = await connect(natsConnectionOptions(testNats(), 'e2e-rate-limits'));
  try {
    const bucket = await new Kvm(nc).open('gateway_rate_limits');
    let largest = 0;
    for await (const key of await bucket.keys()) largest = Math.max(largest, Number((await bucket.get(key))?.string() ?? 0));
    return largest;
  } finally {
    await nc.close();
  }
}

/**
 * Two extra gateway replicas with small limits, beside the stack's own (which runs without limits
 * so that other tests are not throttled): each counts in memory and they share the counters
 * through NATS KV in batches (every ~100 ms), so one replica's count reaches the other within an
 * interval, not at once.
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

  it('counts a token on a replica, answers 429 in the official error shape with RateLimit headers and Retry-After, and the other replica follows', async () => {
    const clients = replicas.map(({ url }) => new ApiClient(url, testStack().adminToken));
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) {
      const response = await clients[0].get('/v1/user');
      statuses.push(response.status);
      expect(response.headers.get('ratelimit-limit')).toBe(String(LIMIT));
      expect(response.headers.get('ratelimit-remaining')).toBe(String(LIMIT - 1 - i));
    }
    expect(statuses).toEqual(Array(LIMIT).fill(200));
    const expectRefused = (refused: Awaited<ReturnType<ApiClient['get']>>): void => {
      expectError(refused, 429, /Too many requests/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(refused.headers.get('ratelimit-policy')).toMatch(new RegExp(`^${LIMIT};w=\\d+$`));
    };
    expectRefused(await clients[0].get('/v1/user'));

    // Once the first replica's count is in the shared store, the second refuses the token too:
    // far fewer requests than its own limit pass there (at most the one racing the watch).
    await eventually(async () => expect(await largestSharedCount()).toBe(LIMIT));
    let passedOnSecond = 0;
    await eventually(async () => {
      const response = await clients[1].get('/v1/user');
      if (response.status === 200) passedOnSecond++;
      expectRefused(response);
    });
    expect(passedOnSecond).toBeLessThan(LIMIT);
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
