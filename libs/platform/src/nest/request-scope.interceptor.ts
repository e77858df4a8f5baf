import type { Envelope } from '@bindery/contracts';
import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { Observable, tap } from 'rxjs';
import { logger } from '../logging/logger';
import { runInRequestScope } from '../logging/request-scope';

/**
 * Tags everything a message handler logs with the request id from the envelope, and logs each
 * handled message at debug level. The handler runs when the observable is subscribed, so the
 * subscription itself happens inside the scope.
 */
export class RequestScopeInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const requestId = context.switchToRpc().getData<Partial<Envelope<unknown>> | undefined>()?.ctx?.requestId;
    if (!requestId) return next.handle();
    const subject = context.switchToRpc().getContext<{ getSubject?: () => string }>().getSubject?.();
    const started = Date.now();
    const handled = (outcome: string) => () => {
      if (logger.isLevelEnabled('debug')) logger.debug({ subject, outcome, ms: Date.now() - started }, 'message handled');
    };
    return new Observable((subscriber) =>
      runInRequestScope({ requestId }, () =>
        next
          .handle()
          .pipe(tap({ complete: handled('ok'), error: handled('error') }))
          .subscribe(subscriber),
      ),
    );
  }
}
