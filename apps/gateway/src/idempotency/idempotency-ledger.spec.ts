import { AppError } from '@bindery/platform';
import { MemoryKv } from '../../test/memory-kv';
import {
  IdempotencyLedger,
  ledgerKey,
  MAX_STORED_BODY_BYTES,
  parseIdempotencyKey,
  requestFingerprint,
  STALE_PENDING_MS,
  toStoredResponse,
} from './idempotency-ledger';

const status = async (promise: Promise<unknown>): Promise<number> => {
  try {
    await promise;
    return 0;
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('IdempotencyLedger', () => {
  let now: number;
  let ledger: IdempotencyLedger;
  const key = ledgerKey('token-1', 'create-cr-42');
  const body = requestFingerprint('POST', '/v1/spaces/s/change-requests', { subject: 'a' });
  const created = toStoredResponse(201, { 'content-type': 'application/json', 'x-request-id': 'r1' }, '{"id":"cr1"}');

  beforeEach(() => {
    now = 1_000_000;
    const kv = new MemoryKv();
    ledger = new IdempotencyLedger(
      () => Promise.resolve(kv),
      () => now,
    );
  });

  it('claims a new key, then replays the kept answer for the same request', async () => {
    expect(await ledger.claim(key, body)).toEqual({ kind: 'claimed', key });
    await ledger.complete(key, body, created);
    const again = await ledger.claim(key, body);
    expect(again).toEqual({ kind: 'replay', response: created });
    // Only the headers that describe the answer are kept, not the first request's id.
    expect(created.headers).toEqual({ 'content-type': 'application/json' });
  });

  it('refuses the key with another request (409), and while the first is in flight (409)', async () => {
    await ledger.claim(key, body);
    expect(await status(ledger.claim(key, body))).toBe(409);
    await ledger.complete(key, body, created);
    expect(await status(ledger.claim(key, requestFingerprint('POST', '/v1/spaces/s/change-requests', { subject: 'b' })))).toBe(409);
  });

  it('frees a released key, so the same request runs again', async () => {
    await ledger.claim(key, body);
    await ledger.release(key);
    expect(await ledger.claim(key, body)).toEqual({ kind: 'claimed', key });
  });

  it('lets a request take over a key left pending by a gateway that died', async () => {
    await ledger.claim(key, body);
    now += STALE_PENDING_MS - 1;
    expect(await status(ledger.claim(key, body))).toBe(409);
    now += 1;
    expect(await ledger.claim(key, body)).toEqual({ kind: 'claimed', key });
  });

  it('scopes keys per caller', () => {
    expect(ledgerKey('token-1', 'k')).not.toBe(ledgerKey('token-2', 'k'));
    expect(ledgerKey('token-1', 'k')).toMatch(/^[0-9a-f]{64}$/);
  });

  it(`keeps bodies up to ${MAX_STORED_BODY_BYTES} bytes, and only the status beyond`, () => {
    expect(toStoredResponse(200, {}, Buffer.alloc(MAX_STORED_BODY_BYTES)).body).toBeDefined();
    expect(toStoredResponse(200, {}, Buffer.alloc(MAX_STORED_BODY_BYTES + 1)).body).toBeUndefined();
  });
});

describe('parseIdempotencyKey', () => {
  it('takes 1 to 255 printable ASCII characters', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    expect(parseIdempotencyKey('a')).toBe('a');
    expect(parseIdempotencyKey('~'.repeat(255))).toHaveLength(255);
  });

  it.each([[''], ['x'.repeat(256)], ['tab\there'], ['é'], [['a', 'b']]])('refuses %j with a 400', (value) => {
    expect(() => parseIdempotencyKey(value)).toThrow(
      expect.objectContaining({ code: 400, message: expect.stringMatching(/Idempotency-Key/) }),
    );
  });
});
