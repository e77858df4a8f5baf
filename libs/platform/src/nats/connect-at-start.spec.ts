import type { ConnectionOptions, NatsConnection } from '@nats-io/transport-node';
import { logger } from '../logging/logger';
import { connectAtStart, type FirstConnectRetry } from './connect-at-start';

const RETRY: FirstConnectRetry = { attempts: 4, firstDelayMs: 100, maxDelayMs: 250 };
const OPTIONS: ConnectionOptions = { name: 'content', servers: ['nats://content:s3cret@127.0.0.1:4222'], user: 'content', pass: 's3cret' };
const connection = { isClosed: () => false } as unknown as NatsConnection;

/** What the NATS server answers a CONNECT it timed out (nats.js's AuthorizationError). */
const authenticationTimeout = (): Error => Object.assign(new Error("'Authentication Timeout'"), { name: 'AuthorizationError' });
const authorizationViolation = (): Error => Object.assign(new Error("'Authorization Violation'"), { name: 'AuthorizationError' });

/** A connect that fails with `failures` in turn, then connects; and the waits it was made to sleep. */
function scripted(failures: Error[]) {
  const waits: number[] = [];
  let calls = 0;
  const connect = jest.fn((_: ConnectionOptions) => {
    const failure = failures[calls++];
    return failure ? Promise.reject(failure) : Promise.resolve(connection);
  });
  const sleep = (ms: number) => {
    waits.push(ms);
    return Promise.resolve();
  };
  return { connect, sleep, waits };
}

describe('connectAtStart', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('retries an "Authentication Timeout" with doubling waits up to the cap, then connects', async () => {
    const script = scripted([authenticationTimeout(), authenticationTimeout(), authenticationTimeout()]);
    await expect(connectAtStart(OPTIONS, { ...script, retry: RETRY })).resolves.toBe(connection);
    expect(script.connect).toHaveBeenCalledTimes(4);
    expect(script.waits).toEqual([100, 200, 250]);
  });

  it('gives up after the last attempt with the last error', async () => {
    const last = authenticationTimeout();
    const script = scripted([authenticationTimeout(), authenticationTimeout(), authenticationTimeout(), last]);
    await expect(connectAtStart(OPTIONS, { ...script, retry: RETRY })).rejects.toBe(last);
    expect(script.connect).toHaveBeenCalledTimes(RETRY.attempts);
  });

  it('retries an unreachable server (connection refused)', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4222'), { code: 'ECONNREFUSED' });
    const script = scripted([refused]);
    await expect(connectAtStart(OPTIONS, { ...script, retry: RETRY })).resolves.toBe(connection);
    expect(script.connect).toHaveBeenCalledTimes(2);
  });

  it('fails at once on wrong credentials: waiting would not make them right', async () => {
    const violation = authorizationViolation();
    const script = scripted([violation]);
    await expect(connectAtStart(OPTIONS, { ...script, retry: RETRY })).rejects.toBe(violation);
    expect(script.connect).toHaveBeenCalledTimes(1);
    expect(script.waits).toEqual([]);
  });

  it('logs each retry with the app, user and servers, never the password', async () => {
    const script = scripted([authenticationTimeout()]);
    await connectAtStart(OPTIONS, { ...script, retry: RETRY });
    expect(warn).toHaveBeenCalledTimes(1);
    const [fields, message] = warn.mock.calls[0];
    expect(fields).toMatchObject({
      app: 'content',
      user: 'content',
      servers: ['nats://127.0.0.1:4222'],
      attempt: 1,
      retryInMs: 100,
      reason: "'Authentication Timeout'",
    });
    expect(message).toMatch(/retrying/);
    expect(JSON.stringify(warn.mock.calls)).not.toContain('s3cret');
  });
});
