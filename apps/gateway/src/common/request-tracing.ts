import { carrierOf, endHttpServerSpan, type Span, startHttpServerSpan, type TraceCarrier, tracingEnabled } from '@bindery/platform';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Each request's span, from `onRequest` to `onResponse` (a WeakMap: nothing to clean up). */
const spans = new WeakMap<FastifyRequest, Span>();
/** Probes are polled every few seconds: no trace for them. */
const UNTRACED = new Set(['/healthz', '/readyz']);

/**
 * With tracing on, a span per HTTP request (child of the client's `traceparent` header when it
 * sent one), named by route template and ended with the status. Its context reaches the services
 * explicitly, in the RequestContext every call sends (`traceOf`), rather than through
 * AsyncLocalStorage, which Fastify's body parsing would not carry to the handler. Off: no hook.
 */
export function registerRequestTracing(fastify: FastifyInstance): void {
  if (!tracingEnabled()) return;
  fastify.addHook('onRequest', (request, _reply, done) => {
    if (!UNTRACED.has(request.url)) {
      const span = startHttpServerSpan(request.method, request.headers as TraceCarrier, request.id);
      if (span) spans.set(request, span);
    }
    done();
  });
  fastify.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) endHttpServerSpan(span, request.method, request.routeOptions.url ?? 'unmatched', reply.statusCode);
    done();
  });
}

/** The request span's W3C trace context, to carry in the RequestContext (empty when not traced). */
export function traceOf(request: FastifyRequest): TraceCarrier {
  const span = spans.get(request);
  return (span && carrierOf(span)) || {};
}

/** The request span's trace id, for the access line. */
export function traceIdOf(request: FastifyRequest): string | undefined {
  return spans.get(request)?.spanContext().traceId;
}
