import type { Envelope } from '@bindery/contracts';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { type Observable, tap } from 'rxjs';
import { logger } from '../logging/logger';
import { outcomeOf, rpcServerRequests, secondsSince } from '../metrics/metrics';

/**
 * Times each handled message into `bindery_rpc_server_duration_seconds` (by subject, a fixed set)
 * and, at debug level, logs it with the request id from the envelope, so one request can be
 * followed from the gateway's access line into every service. Explicit rather than through
 * AsyncLocalStorage: on Node 20 that turns on promise hooks for every promise in the process.
 */
export class RequestScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = context.switchToRpc().getContext<{ getSubject?: () => string }>().getSubject?.() ?? 'unknown';
    const started = performance.now();
    const debug = logger.isLevelEnabled('debug');
    const requestId = debug ? context.switchToRpc().getData<Partial<Envelope<unknown>> | undefined>()?.ctx?.requestId : undefined;
    const handled = (outcome: string) => {
      const seconds = secondsSince(started);
      rpcServerRequests.observe({ subject, outcome }, seconds);
      if (debug) logger.debug({ requestId, subject, outcome, ms: Math.round(seconds * 1000) }, 'message handled');
    };
    return next.handle().pipe(tap({ complete: () => handled('ok'), error: (error: unknown) => handled(outcomeOf(error)) }));
  }
}
