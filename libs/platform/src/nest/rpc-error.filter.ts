import { ArgumentsHost, Catch, type RpcExceptionFilter } from '@nestjs/common';
import type { ErrorPayload } from '@bindery/contracts';
import { type Observable, throwError } from 'rxjs';
import { logger } from '../logging/logger';
import { AppError } from '../errors/app-error';
import { traceIdOf, type TraceCarrier } from '../tracing/carrier';
import { noteHandlerFailure } from './message-scope';

/**
 * Turns whatever a message handler throws into an ErrorPayload reply. Domain errors keep their
 * code and message; anything else is logged and answered as a generic 500 so internals never leak.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, host: ArgumentsHost): Observable<ErrorPayload> {
    // The message's scope counts and traces what was thrown, not the payload answered for it.
    noteHandlerFailure(host.switchToRpc().getContext(), exception);
    if (exception instanceof AppError) return throwError(() => exception.toPayload());
    const data = host.switchToRpc().getData<{ ctx?: { requestId?: string } & TraceCarrier } | undefined>();
    logger.error({ err: exception, requestId: data?.ctx?.requestId, traceId: traceIdOf(data?.ctx) }, 'unhandled error in message handler');
    return throwError((): ErrorPayload => ({ code: 500, reason: 'internal', message: 'Internal server error' }));
  }
}
