import { type Context, context, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { extractTrace, injectTrace, type TraceCarrier } from './carrier';
import { tracingEnabled } from './start-tracing';

/**
 * The spans the kit records. A trace starts at a gateway request (or at a job queued outside any
 * trace); everything else joins the trace its message carries or records nothing, so health
 * checks, event consumers and tools add no noise. Every function is a no-op returning undefined
 * when tracing is off, so the call sites cost one check.
 */
const tracer = trace.getTracer('@bindery/platform');

/** The gateway's span for one HTTP request, child of the client's `traceparent` when it sent one. */
export function startHttpServerSpan(method: string, headers: TraceCarrier, requestId: string): Span | undefined {
  if (!tracingEnabled()) return undefined;
  return tracer.startSpan(
    method,
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': method, 'bindery.request_id': requestId } },
    extractTrace(headers),
  );
}

/** Names the request span by its route template (`GET /v1/spaces/:spaceId`, never the raw path) and ends it. */
export function endHttpServerSpan(span: Span, method: string, route: string, status: number): void {
  span.updateName(`${method} ${route}`);
  span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

export interface RpcClientSpan {
  span: Span;
  /** To send in the envelope's `ctx`: the client span as the receiving service's parent. */
  carrier: TraceCarrier;
}

/**
 * A span for one NATS request, child of the span active here (a service handling a message, a
 * job) or else of the trace the request context carries (the gateway passes it explicitly).
 */
export function startRpcClientSpan(subject: string, carried: TraceCarrier): RpcClientSpan | undefined {
  if (!tracingEnabled()) return undefined;
  const active = context.active();
  const parent = trace.getSpan(active) ? active : extractTrace(carried);
  if (!parent) return undefined;
  const span = tracer.startSpan(subject, { kind: SpanKind.CLIENT, attributes: messagingAttributes(subject) }, parent);
  const carrier = injectTrace(trace.setSpan(parent, span));
  if (!carrier) {
    span.end();
    return undefined;
  }
  return { span, carrier };
}

/** A service's span for one message it handles, child of the caller's span the envelope carries. */
export function startRpcServerSpan(subject: string, carried: TraceCarrier | undefined): Span | undefined {
  if (!tracingEnabled()) return undefined;
  const parent = extractTrace(carried);
  return parent ? tracer.startSpan(subject, { kind: SpanKind.SERVER, attributes: messagingAttributes(subject) }, parent) : undefined;
}

/** A worker's span for one attempt of a job, child of the span that queued it (or a new trace). */
export function startJobSpan(type: string, jobId: string, attempt: number, carried: TraceCarrier | undefined): Span | undefined {
  if (!tracingEnabled()) return undefined;
  return tracer.startSpan(
    `job ${type}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'nats',
        'messaging.operation.type': 'process',
        'bindery.job.type': type,
        'bindery.job.id': jobId,
        'bindery.job.attempt': attempt,
      },
    },
    extractTrace(carried) ?? context.active(),
  );
}

/** Outcomes that are not failures: a call's `ok`, a job attempt's ends other than retrying or failed. */
const FINE = new Set(['ok', 'succeeded', 'skipped', 'released', 'deferred']);

/** Ends a span with its outcome: `ok`, a job's outcome, or a failure's reason (an error status). */
export function endSpan(span: Span, outcome: string, error?: unknown): void {
  if (outcome !== 'ok') span.setAttribute('bindery.outcome', outcome);
  if (!FINE.has(outcome)) {
    if (error instanceof Error) span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: outcome });
  }
  span.end();
}

/** Runs `fn` with `span` active, so what it starts (queries, requests, jobs it queues) are its children. */
export function withSpan<T>(span: Span | undefined, fn: () => T): T {
  return span ? context.with(trace.setSpan(context.active(), span), fn) : fn();
}

/** The W3C trace context naming `span` as the parent (to send with a message). */
export function carrierOf(span: Span): TraceCarrier | undefined {
  return injectTrace(trace.setSpan(ROOT_CONTEXT, span));
}

/** The trace context active here, to store with a job so its run joins this trace. */
export function activeTraceCarrier(): TraceCarrier | undefined {
  return tracingEnabled() ? injectTrace(context.active()) : undefined;
}

/** The trace id of the span active here, for log lines (undefined outside a span). */
export function activeTraceId(ctx: Context = context.active()): string | undefined {
  const spanContext = trace.getSpanContext(ctx);
  return spanContext ? spanContext.traceId : undefined;
}

const messagingAttributes = (subject: string) => ({ 'messaging.system': 'nats', 'messaging.destination.name': subject });
