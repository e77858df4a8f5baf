import { logger } from '@bindery/platform';
import type { FastifyInstance, FastifyRequest, onSendHookHandler, RouteOptions } from 'fastify';
import { OUTCOME_HEADER } from '../common/outcome-header';
import { type IdempotencyLedger, toStoredResponse } from './idempotency-ledger';

/** Set on a request whose key this gateway claimed (IdempotencyGuard); the onSend hook settles it. */
export const CLAIM = Symbol('idempotency-claim');
export interface ClaimedRequest extends FastifyRequest {
  [CLAIM]?: { ledger: Pick<IdempotencyLedger, 'complete' | 'release'>; key: string; fingerprint: string };
}

const takesPost = (route: RouteOptions): boolean => (Array.isArray(route.method) ? route.method.includes('POST') : route.method === 'POST');

/**
 * Keeps the answer of a claimed request before it leaves, so a retry that follows it finds it:
 * answers up to 4xx are final (the service decided), and so is a 503 whose outcome is unknown
 * (a timeout: the service may still apply the request, so running it again could apply it twice).
 * Any other 5xx applied nothing (no service running, NATS down): its key is released and the
 * client may send the request again.
 *
 * Only POST routes claim keys, so only they get the hook (added as each route is registered: this
 * must run before the routes are); a global async hook cost every read a promise. On a POST
 * without a claim it answers at once, without a promise.
 */
export function registerIdempotencyHook(fastify: FastifyInstance): void {
  const settleClaim: onSendHookHandler = (request: ClaimedRequest, reply, payload, done) => {
    const claim = request[CLAIM];
    if (!claim) return done(null, payload);
    delete request[CLAIM];
    const storable = typeof payload === 'string' || Buffer.isBuffer(payload) || payload === null || payload === undefined;
    const settle = async (): Promise<void> => {
      try {
        const final = reply.statusCode < 500 || reply.getHeader(OUTCOME_HEADER) === 'unknown';
        if (final && storable) {
          const response = toStoredResponse(reply.statusCode, reply.getHeaders(), (payload as string | Buffer | null) ?? '');
          await claim.ledger.complete(claim.key, claim.fingerprint, response);
        } else {
          await claim.ledger.release(claim.key);
        }
      } catch (error) {
        logger.error({ err: error, requestId: request.id }, 'could not settle an Idempotency-Key');
        await claim.ledger.release(claim.key).catch(() => undefined);
      }
    };
    void settle().then(() => done(null, payload));
  };
  fastify.addHook('onRoute', (route) => {
    if (!takesPost(route)) return;
    const own = route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, settleClaim];
  });
}
