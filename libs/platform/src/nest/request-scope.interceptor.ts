import type { Envelope } from '@bindery/contracts';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { type Observable, tap } from 'rxjs';
import { logger } from '../logging/logger';

/**
 * Logs each handled message at debug level with the request id from the envelope, so one request
 * can be followed from the gateway's access line into every service. Explicit rather than through
 * AsyncLocalStorage: on Node 20 that turns on promise hooks for every promise in the process.
 */
export class RequestScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!logger.isLevelEnabled('debug')) return next.handle();
    const requestId = context.switchToRpc().getData<Partial<Envelope<unknown>> | undefined>()?.ctx?.requestId;
    const subject = context.switchToRpc().getContext<{ getSubject?: () => string }>().getSubject?.();
    const started = Date.now();
    const handled = (outcome: string) => () => logger.debug({ requestId, subject, outcome, ms: Date.now() - started }, 'message handled');
    return next.handle().pipe(tap({ complete: handled('ok'), error: handled('error') }));
  }
}
