import { createServer } from 'node:net';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { logger } from '../logging/logger';
import { flushTracing, startTracing, tracingEnabled } from './start-tracing';
import {
  activeTraceCarrier,
  carrierOf,
  endHttpServerSpan,
  endSpan,
  startHttpServerSpan,
  startJobSpan,
  startRpcClientSpan,
  startRpcServerSpan,
  withSpan,
} from './spans';

const parentOf = (span: unknown) => (span as ReadableSpan).parentSpanContext?.spanId;
const idOf = (span: { spanContext(): { spanId: string } }) => span.spanContext().spanId;

/** A loopback port nothing listens on: the collector is down. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('tracing in one process (the collector unreachable)', () => {
  let warn: jest.SpyInstance<void, unknown[]>;

  beforeAll(async () => {
    warn = jest.spyOn(logger, 'warn').mockImplementation(() => undefined) as unknown as jest.SpyInstance<void, unknown[]>;
    process.env.OTEL_EXPORTER_OTLP_TIMEOUT = '300';
    process.env.OTEL_BSP_SCHEDULE_DELAY = '20';
    expect(tracingEnabled()).toBe(false);
    // Off: the kit's calls start nothing.
    expect(startHttpServerSpan('GET', {}, 'r')).toBeUndefined();
    expect(startTracing({ OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}`, BINDERY_SERVICE: 'unit' })).toBe(true);
  });
  afterAll(() => warn.mockRestore());

  it('links request → NATS client → service → job, each the child of the one before', () => {
    const http = startHttpServerSpan('GET', {}, 'req-1')!;
    // The gateway passes its request span explicitly, in the RequestContext.
    const gatewayCall = startRpcClientSpan('content.space.get', carrierOf(http)!)!;
    expect(parentOf(gatewayCall.span)).toBe(idOf(http));
    // The service reads it from the envelope; its handler runs with its span active.
    const envelope = JSON.parse(JSON.stringify({ ctx: { requestId: 'req-1', ...gatewayCall.carrier }, data: {} })) as { ctx: object };
    const server = startRpcServerSpan('content.space.get', envelope.ctx)!;
    expect(parentOf(server)).toBe(idOf(gatewayCall.span));
    withSpan(server, () => {
      // A call the handler makes with the ctx it was given is still a child of the handler's span.
      const nested = startRpcClientSpan('identity.member.get', envelope.ctx)!;
      expect(parentOf(nested.span)).toBe(idOf(server));
      endSpan(nested.span, 'ok');
      // A job queued here runs as a child of the handler's span.
      const stored = JSON.parse(JSON.stringify({ jobId: 'j', payload: {}, trace: activeTraceCarrier() })) as { trace: object };
      const job = startJobSpan('content.purge', 'j', 1, stored.trace)!;
      expect(parentOf(job)).toBe(idOf(server));
      expect(job.spanContext().traceId).toBe(http.spanContext().traceId);
      endSpan(job, 'succeeded');
    });
    endSpan(server, 'ok');
    endSpan(gatewayCall.span, 'ok');
    endHttpServerSpan(http, 'GET', '/v1/spaces/:spaceId', 200);
  });

  it('starts no span for a message outside any trace, and a new trace for a job queued outside one', () => {
    expect(startRpcClientSpan('content.space.get', {})).toBeUndefined();
    expect(startRpcServerSpan('content.space.get', { traceparent: 'garbage' })).toBeUndefined();
    const job = startJobSpan('content.purge', 'j', 1, undefined)!;
    expect(parentOf(job)).toBeUndefined();
    endSpan(job, 'failed', new Error('boom'));
  });

  it('drops spans it cannot export without throwing, and warns once, not per span or batch', async () => {
    const exportWarnings = () => warn.mock.calls.filter((call) => String(call[1]).includes('trace export failed'));
    for (let i = 0; i < 10; i++) {
      const span = startHttpServerSpan('GET', {}, `r${i}`)!;
      endHttpServerSpan(span, 'GET', '/v1/x', 200);
      // Batches go every 20 ms: each of these is a failed export.
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await flushTracing();
    expect(exportWarnings()).toHaveLength(1);
    expect(exportWarnings()[0][0]).toMatchObject({ err: expect.anything() });
  }, 20_000);
});
