import { isCallerlessSubject } from '@bindery/contracts';
import { badRequest, unauthorized } from '../errors/app-error';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Checks the envelope of a request before any handler sees it: `{ctx, data}` with a caller of the
 * right shape, and no missing caller unless the subject is one of the contracts' callerless
 * subjects (`isCallerlessSubject`). Services may then rely on `ctx.caller` being who the gateway
 * authenticated; NATS credentials (per app, with subject permissions) decide who may send at all.
 */
export function checkEnvelope(subject: string, envelope: unknown): void {
  if (!isObject(envelope) || !isObject(envelope.ctx)) throw badRequest('Malformed request: the envelope needs ctx and data');
  const caller = envelope.ctx.caller;
  if (caller === undefined || caller === null) {
    if (isCallerlessSubject(subject)) return;
    throw unauthorized(`Authentication required: ${subject} needs a caller`);
  }
  if (!isObject(caller) || typeof caller.userId !== 'string' || typeof caller.tokenId !== 'string') {
    throw unauthorized('Malformed caller: userId and tokenId must be strings');
  }
}
