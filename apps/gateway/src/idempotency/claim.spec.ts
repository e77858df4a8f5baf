import type { Caller } from '@bindery/contracts';
import { AppError } from '@bindery/platform';
import { MemoryKv } from '../../test/memory-kv';
import { EarlyAnswer } from '../common/early-answer';
import { claimIdempotencyKey } from './claim';
import { IdempotencyLedger, ledgerKey, toStoredResponse } from './idempotency-ledger';
import { CLAIM, type ClaimedRequest } from './settle-hook';

type Request = Parameters<typeof claimIdempotencyKey>[0];

const caller = { tokenId: 'token-1' } as Caller;
const post = (headers: Record<string, string | string[]> = {}, body: unknown = { subject: 'a' }): Request =>
  ({ method: 'POST', url: '/v1/spaces/s/change-requests', headers, body, caller }) as unknown as Request;

describe('claimIdempotencyKey', () => {
  let ledger: IdempotencyLedger;
  let calls: number;
  beforeEach(() => {
    const kv = new MemoryKv();
    calls = 0;
    ledger = new IdempotencyLedger(() => {
      calls++;
      return Promise.resolve(kv);
    });
  });
  const connected = () => true;

  it('lets a request without a key, a read and an unauthenticated POST through at once: no promise, no bucket', () => {
    expect(claimIdempotencyKey(post(), ledger, connected)).toBe(true);
    expect(claimIdempotencyKey({ ...post({ 'idempotency-key': 'k' }), method: 'GET' }, ledger, connected)).toBe(true);
    expect(claimIdempotencyKey({ ...post({ 'idempotency-key': 'k' }), caller: undefined }, ledger, connected)).toBe(true);
    expect(calls).toBe(0);
  });

  it('claims a key for the request, then answers the same request with the kept answer, marked as a replay', async () => {
    const first = post({ 'idempotency-key': 'k' });
    await expect(claimIdempotencyKey(first, ledger, connected)).resolves.toBe(true);
    const claim = (first as ClaimedRequest)[CLAIM]!;
    expect(claim.key).toBe(ledgerKey('token-1', 'k'));
    await claim.ledger.complete(
      claim.key,
      claim.fingerprint,
      toStoredResponse(201, { 'content-type': 'application/json' }, '{"id":"cr1"}'),
    );

    const again = post({ 'idempotency-key': 'k' });
    const answer = await Promise.resolve(claimIdempotencyKey(again, ledger, connected)).catch((error: unknown) => error);
    expect(answer).toBeInstanceOf(EarlyAnswer);
    const { response } = answer as EarlyAnswer;
    expect(response.status).toBe(201);
    expect(response.headers.get('idempotent-replayed')).toBe('true');
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.text()).toBe('{"id":"cr1"}');
    expect((again as ClaimedRequest)[CLAIM]).toBeUndefined();
  });

  it('refuses the key with another body (409), a malformed key (400), and any key while NATS is unreachable (503)', async () => {
    await claimIdempotencyKey(post({ 'idempotency-key': 'k' }), ledger, connected);
    await expect(claimIdempotencyKey(post({ 'idempotency-key': 'k' }, { subject: 'b' }), ledger, connected)).rejects.toMatchObject({
      code: 409,
    });
    const code = (run: () => unknown): number | undefined => {
      try {
        run();
      } catch (error) {
        return (error as AppError).code;
      }
      return undefined;
    };
    expect(code(() => claimIdempotencyKey(post({ 'idempotency-key': ['a', 'b'] }), ledger, connected))).toBe(400);
    expect(code(() => claimIdempotencyKey(post({ 'idempotency-key': 'k2' }), ledger, () => false))).toBe(503);
  });
});
