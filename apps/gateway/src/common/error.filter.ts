import { AppError, isOutcomeUnknown, logger } from '@bindery/platform';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { EarlyAnswer } from './early-answer';
import { OUTCOME_HEADER } from './outcome-header';
import { traceIdOf } from './request-tracing';

export { OUTCOME_HEADER };

export interface ErrorBody {
  error: { code: number; message: string };
}

/**
 * The single place that maps errors to HTTP: `{"error":{"code":<status>,"message":"…"}}`.
 * Domain errors from services keep their code; anything unexpected is logged and becomes a 500
 * whose message reveals nothing internal.
 */
export function toErrorBody(exception: unknown, requestId?: string, traceId?: string): ErrorBody {
  if (exception instanceof AppError) return body(exception.code, exception.message);
  if (exception instanceof HttpException) return body(exception.getStatus(), httpMessage(exception));
  const fastifyError = exception as { statusCode?: unknown; message?: unknown };
  if (typeof fastifyError?.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    return body(fastifyError.statusCode, typeof fastifyError.message === 'string' ? fastifyError.message : 'Bad request');
  }
  logger.error({ err: exception, requestId, traceId }, 'unhandled error');
  return body(500, 'Internal server error');
}

@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    // Not an error: a guard's answer in place of the handler's (an Idempotency-Key replay), sent as it is.
    if (exception instanceof EarlyAnswer) return void reply.send(exception.response);
    const errorBody = toErrorBody(exception, request.id, traceIdOf(request));
    // Tells the client (and the Idempotency-Key hook, which then keeps this answer) that the write may have been applied.
    if (isOutcomeUnknown(exception)) void reply.header(OUTCOME_HEADER, 'unknown');
    void reply.status(errorBody.error.code).header('content-type', 'application/json; charset=utf-8').send(errorBody);
  }
}

function body(code: number, message: string): ErrorBody {
  return { error: { code, message } };
}

function httpMessage(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}
