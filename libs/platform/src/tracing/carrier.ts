import { type Context, context, defaultTextMapGetter, defaultTextMapSetter, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';

/**
 * W3C trace context as it travels in Bindery's own messages: the request envelope's `ctx` (NATS)
 * and a job's envelope (JetStream). Plain strings, so it survives JSON and needs no SDK to carry.
 */
export interface TraceCarrier {
  traceparent?: string;
  tracestate?: string;
}

// Used directly rather than through the global propagator: the envelope carries exactly W3C trace
// context (no baggage), whatever OTEL_PROPAGATORS says for HTTP.
const w3c = new W3CTraceContextPropagator();

/** The carrier of the span active in `ctx` (its `traceparent`), or undefined when there is none. */
export function injectTrace(ctx: Context = context.active()): TraceCarrier | undefined {
  if (!trace.getSpan(ctx)?.spanContext()) return undefined;
  const carrier: TraceCarrier = {};
  w3c.inject(ctx, carrier, defaultTextMapSetter);
  return carrier.traceparent ? carrier : undefined;
}

/**
 * A context whose (remote) parent span is the one the carrier names, or undefined when the carrier
 * is absent or malformed. Carriers come from other processes and, at the gateway, from clients:
 * the propagator accepts only well-formed W3C values and ignores anything else.
 */
export function extractTrace(carrier: TraceCarrier | undefined | null): Context | undefined {
  if (!carrier || typeof carrier.traceparent !== 'string') return undefined;
  const extracted = w3c.extract(ROOT_CONTEXT, carrier, defaultTextMapGetter);
  return trace.getSpanContext(extracted) ? extracted : undefined;
}

const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;

/** The trace id a carrier belongs to (for log lines), without starting anything. */
export function traceIdOf(carrier: TraceCarrier | undefined | null): string | undefined {
  const value = carrier?.traceparent;
  return typeof value === 'string' ? TRACEPARENT.exec(value)?.[1] : undefined;
}
