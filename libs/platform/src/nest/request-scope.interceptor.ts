import type { Envelope } from '@bindery/contracts';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { finalize, type Observable, tap } from 'rxjs';
import { logger } from '../logging/logger';
import { outcomeOf, rpcServerRequests, secondsSince } from '../metrics/metrics';
import { traceIdOf } from '../tracing/carrier';
import { endSpan, startRpcServerSpan, withSpan } from '../tracing/spans';
import { messagesInHand } from './messages-in-hand';

/**
 * Times each handled message into `bindery_rpc_server_duration_seconds` (by subject, a fixed set)
 * and, at debug level, logs it with the request id from the envelope, so one request can be
 * followed from the gateway's access line into every service. Explicit rather than through
 * AsyncLocalStorage: on Node 20 that turns on promise hooks for every promise in the process.
 *
 * With tracing on (and only then, as OpenTelemetry's context does use AsyncLocalStorage), a
 * message whose envelope carries a trace gets a server span, active while the handler runs, so
 * its queries, the requests it sends and the jobs it queues are the span's children.
 *
 * It also counts the messages in hand, which a stopping service waits for (`DrainingServerNats`).
 */
export class RequestScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const subject = context.switchToRpc().getContext<{ getSubject?: () => string }>().getSubject?.() ?? 'unknown';
    const started = performance.now();
    const debug = logger.isLevelEnabled('debug');
    const ctx = context.switchToRpc().getData<Partial<Envelope<unknown>> | undefined>()?.ctx;
    const span = startRpcServerSpan(subject, ctx);
    messagesInHand.started();
    const handled = (outcome: string, error?: unknown) => {
      const seconds = secondsSince(started);
      rpcServerRequests.observe({ subject, outcome }, seconds);
      if (span) endSpan(span, outcome, error);
      if (debug)
        logger.debug(
          { requestId: ctx?.requestId, traceId: traceIdOf(ctx), subject, outcome, ms: Math.round(seconds * 1000) },
          'message handled',
        );
    };
    // Nest binds the handler to the async context in which `handle()` is called: call it in the span's.
    return withSpan(span, () => next.handle()).pipe(
      tap({ complete: () => handled('ok'), error: (error: unknown) => handled(outcomeOf(error), error) }),
      finalize(() => messagesInHand.finished()),
    );
  }
}
