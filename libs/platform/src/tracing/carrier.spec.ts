import { ROOT_CONTEXT, type SpanContext, TraceFlags, trace } from '@opentelemetry/api';
import { tracingConfigured } from './config';
import { extractTrace, injectTrace, traceIdOf } from './carrier';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE_ID}-${SPAN_ID}-01`;

const withSpan = (spanContext: SpanContext) => trace.setSpanContext(ROOT_CONTEXT, spanContext);

describe('trace carrier (W3C trace context in envelopes and jobs)', () => {
  it('writes the active span as traceparent, with its tracestate', () => {
    const carrier = injectTrace(withSpan({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED }));
    expect(carrier).toEqual({ traceparent: TRACEPARENT });
  });

  it('writes nothing when no span is active or the span is invalid', () => {
    expect(injectTrace(ROOT_CONTEXT)).toBeUndefined();
    expect(injectTrace(withSpan({ traceId: '0'.repeat(32), spanId: SPAN_ID, traceFlags: 1 }))).toBeUndefined();
  });

  it('reads a carrier back as a remote parent, tracestate included, through JSON as it travels', () => {
    const sent = JSON.parse(JSON.stringify({ ctx: { requestId: 'r', traceparent: TRACEPARENT, tracestate: 'vendor=abc' } })) as {
      ctx: { traceparent: string; tracestate: string };
    };
    const parent = trace.getSpanContext(extractTrace(sent.ctx)!);
    expect(parent).toMatchObject({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: TraceFlags.SAMPLED, isRemote: true });
    expect(parent?.traceState?.get('vendor')).toBe('abc');
    expect(injectTrace(extractTrace(sent.ctx))).toEqual({ traceparent: TRACEPARENT, tracestate: 'vendor=abc' });
  });

  it.each([
    ['absent', undefined],
    ['null', null],
    ['empty', {}],
    ['not a string', { traceparent: 42 as unknown as string }],
    ['garbage', { traceparent: 'hello' }],
    ['an all-zero trace id', { traceparent: `00-${'0'.repeat(32)}-${SPAN_ID}-01` }],
    ['an all-zero span id', { traceparent: `00-${TRACE_ID}-${'0'.repeat(16)}-01` }],
    ['upper case hex', { traceparent: TRACEPARENT.toUpperCase() }],
    ['version ff', { traceparent: `ff-${TRACE_ID}-${SPAN_ID}-01` }],
  ])('ignores a carrier that is %s (a client or a peer cannot break a request with it)', (_, carrier) => {
    expect(extractTrace(carrier)).toBeUndefined();
  });

  it('names the trace id of a carrier for log lines, and nothing for a malformed one', () => {
    expect(traceIdOf({ traceparent: TRACEPARENT })).toBe(TRACE_ID);
    expect(traceIdOf({ traceparent: 'x' })).toBeUndefined();
    expect(traceIdOf(undefined)).toBeUndefined();
  });
});

describe('tracing configuration', () => {
  it('is off unless an OTLP endpoint is set, and can be turned off with the standard switches', () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_SERVICE_NAME: 'x' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: ' ' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SDK_DISABLED: 'true' })).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_EXPORTER: 'none' })).toBe(false);
  });
});
