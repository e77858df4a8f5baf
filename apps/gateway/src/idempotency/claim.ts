import { unavailable } from '@bindery/platform';
import { EarlyAnswer } from '../common/early-answer';
import type { AuthenticatedRequest } from '../common/request-context.decorator';
import { type IdempotencyLedger, ledgerKey, parseIdempotencyKey, requestFingerprint, type StoredResponse } from './idempotency-ledger';
import { CLAIM, type ClaimedRequest } from './settle-hook';

/**
 * Claims the request's `Idempotency-Key` for it (marking it for the onSend hook), or throws what
 * to answer instead: the kept answer (`EarlyAnswer`), a 409, a 400 for a malformed key, a 503 while
 * NATS is unreachable. A request without a key, or not an authenticated POST, passes at once.
 */
export function claimIdempotencyKey(
  request: AuthenticatedRequest & ClaimedRequest,
  ledger: Pick<IdempotencyLedger, 'claim' | 'complete' | 'release'>,
  connected: () => boolean,
): true | Promise<true> {
  if (request.method !== 'POST' || !request.caller) return true;
  const given = parseIdempotencyKey(request.headers['idempotency-key']);
  if (given === undefined) return true;
  if (!connected()) throw unavailable('The services are unreachable (no connection to NATS), try again later');
  const key = ledgerKey(request.caller.tokenId, given);
  const fingerprint = requestFingerprint(request.method, request.url, request.body);
  return ledger.claim(key, fingerprint).then((claim) => {
    if (claim.kind === 'replay') throw new EarlyAnswer(replay(claim.response));
    request[CLAIM] = { ledger, key, fingerprint };
    return true;
  });
}

/** The first answer again, marked as a replay. */
function replay(stored: StoredResponse): Response {
  if (stored.body === undefined) {
    return Response.json(
      {
        error: {
          code: 409,
          message: `A request with this Idempotency-Key already completed with status ${stored.status}; its response was too large to keep for replay`,
        },
      },
      { status: 409 },
    );
  }
  const headers = new Headers(stored.headers);
  headers.set('idempotent-replayed', 'true');
  const body = Buffer.from(stored.body, 'base64');
  return new Response(body.length > 0 ? body : null, { status: stored.status, headers });
}
