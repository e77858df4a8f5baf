import type { Envelope, RequestContext } from '@bindery/contracts';
import type { ClientProxy } from '@nestjs/microservices';
import { firstValueFrom, timeout, TimeoutError } from 'rxjs';
import { AppError, isErrorPayload, unavailable } from '../errors/app-error';
import { logger } from '../logging/logger';

/**
 * Request/reply over NATS with a bounded wait. A reply carrying an ErrorPayload becomes an
 * AppError; silence or a broken connection becomes a 503, so no HTTP request hangs on a
 * service that is down.
 */
export class ServiceClient {
  constructor(
    private readonly proxy: ClientProxy,
    private readonly timeoutMs: number,
  ) {}

  async send<TResult, TInput = unknown>(subject: string, ctx: RequestContext, data: TInput, timeoutMs = this.timeoutMs): Promise<TResult> {
    const envelope: Envelope<TInput> = { ctx, data };
    try {
      return await firstValueFrom(this.proxy.send<TResult, Envelope<TInput>>(subject, envelope).pipe(timeout(timeoutMs)), {
        defaultValue: undefined as TResult,
      });
    } catch (error) {
      throw toAppError(error, subject, ctx.requestId);
    }
  }
}

function toAppError(error: unknown, subject: string, requestId: string): AppError {
  if (error instanceof AppError) return error;
  if (isErrorPayload(error)) return AppError.fromPayload(error);
  const service = subject.split('.')[0];
  if (error instanceof TimeoutError) return unavailable(`The ${service} service is unavailable, try again later`);
  logger.warn({ err: error, subject, requestId }, 'request to service failed');
  return unavailable(`The ${service} service is unavailable, try again later`);
}
