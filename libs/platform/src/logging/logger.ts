import type { LoggerService } from '@nestjs/common';
import { context, trace } from '@opentelemetry/api';
import pino from 'pino';
import { tracingConfigured } from '../tracing/config';

/**
 * The process-wide structured logger. Secrets are redacted by path so a token or password
 * that ends up in a logged object is never written out. With tracing on, a line written inside a
 * span (a service handling a message, a job) carries its `traceId`, beside the `requestId`.
 */
export const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  base: { service: process.env.BINDERY_SERVICE ?? 'bindery' },
  redact: {
    paths: ['*.token', '*.password', '*.authorization', 'req.headers.authorization', '*.secret', '*.privateKey'],
    censor: '[redacted]',
  },
  // Only when tracing is configured: otherwise no function runs per line.
  mixin: tracingConfigured() ? activeTraceFields : undefined,
});

/** The active span's trace id; a `traceId` the line gives itself wins (pino merges it over this). */
function activeTraceFields(): { traceId?: string } {
  const spanContext = trace.getSpanContext(context.active());
  return spanContext ? { traceId: spanContext.traceId } : {};
}

/** Adapts pino to Nest's LoggerService so framework messages share the same JSON lines. */
export class PinoNestLogger implements LoggerService {
  log(message: unknown, context?: string): void {
    logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string): void {
    logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string): void {
    logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string): void {
    logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string): void {
    logger.trace({ context }, String(message));
  }
}
