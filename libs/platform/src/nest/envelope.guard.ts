import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { checkEnvelope } from '../envelope/check-envelope';

/**
 * Global guard of every service: the one place that refuses an envelope without a caller (401)
 * unless its subject is callerless by contract, before any handler unpacks it. What it answers
 * goes through RpcErrorFilter like any handler error.
 */
export class EnvelopeGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const rpc = context.switchToRpc();
    const subject = rpc.getContext<{ getSubject?: () => string }>().getSubject?.() ?? '';
    checkEnvelope(subject, rpc.getData());
    return true;
  }
}
