import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ALL_APPS } from '@bindery/stack';
import { controlTestStack, expectOperation, ownProcessPerApp, testStack, waitForJob } from '@bindery/testing';
import { createChangeRequest, createSpace, documentOf, editContent, merge, newOrgAdmin } from './content-helpers';
import { newUser } from './helpers';

/** One span as an OTLP/HTTP JSON export carries it, with the name of the service that sent it. */
interface ReceivedSpan {
  service: string;
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
}
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string };
}
interface OtlpExport {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{ scope?: { name?: string }; spans?: Array<Omit<ReceivedSpan, 'service' | 'scope'>> }>;
  }>;
}

/** An OTLP/HTTP JSON receiver in this process: what the apps export to when tracing is configured. */
async function startReceiver(spans: ReceivedSpan[]): Promise<Server> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const body = JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8')) as OtlpExport;
      expect(req.url).toBe('/v1/traces');
      expect(req.headers['content-type']).toContain('application/json');
      for (const resource of body.resourceSpans ?? []) {
        const service = resource.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
        for (const scope of resource.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) spans.push({ ...span, service, scope: scope.scope?.name ?? '?' });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const TRACED = ['gateway', 'content', 'content-worker'];

async function restart(names: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  const stack = await controlTestStack();
  // In parallel: a stopping worker may wait out its current pull (5 s).
  await Promise.all(names.map((name) => stack.stopApp(name)));
  for (const name of names) stack.startApp(ALL_APPS.find((app) => app.name === name)!, env);
  await stack.waitUntilReady();
}

/**
 * OpenTelemetry across processes: the gateway, content and content's worker export to an OTLP
 * receiver in this test; one request (gateway → content → Postgres) and one job (queued by a merge)
 * must each be one trace with every parent link across processes right.
 */
// Traces across processes, each with its own service name and tracer; in one process there is one of each.
const perProcess = ownProcessPerApp('ops-tracing: traces across processes (one process has one tracer and service name)');
(perProcess ? describe : describe.skip)('operations: OpenTelemetry traces across gateway, NATS, services, Postgres and jobs', () => {
  const spans: ReceivedSpan[] = [];
  let receiver: Server;

  beforeAll(async () => {
    receiver = await startReceiver(spans);
    const port = (receiver.address() as { port: number }).port;
    await restart(TRACED, {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
  }, 60_000);

  afterAll(async () => {
    // Back to the suite's stack: tracing off (the receiver goes away).
    await restart(TRACED);
    await new Promise((resolve) => receiver.close(resolve));
  }, 60_000);

  /** Waits until the spans `pick` needs have arrived (exports are batched every 100 ms). */
  async function received<T>(pick: () => T | undefined, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = pick();
      if (found !== undefined) return found;
      if (Date.now() > deadline) throw new Error(`spans not received; got ${JSON.stringify(spans.map((s) => [s.service, s.name]))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const inTrace = (traceId: string) => spans.filter((s) => s.traceId === traceId);

  it('follows one request from the client through the gateway and content to Postgres, in one trace', async () => {
    const { client, orgId } = await newOrgAdmin('tracing');
    const space = await createSpace(client, orgId);
    // The client's own span: the gateway joins its trace (W3C traceparent header).
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const clientSpanId = 'b7ad6b7169203331';
    const response = await client.request('GET', `/v1/spaces/${space.id}`, undefined, { traceparent: `00-${traceId}-${clientSpanId}-01` });
    expectOperation(response, 'getSpaceById', 200);

    const contentServer = await received(() =>
      inTrace(traceId).find((s) => s.service === 'content' && s.kind === SERVER && s.name === 'content.space.get'),
    );
    const http = inTrace(traceId).find((s) => s.service === 'gateway' && s.kind === SERVER)!;
    expect(http).toMatchObject({ name: 'GET /v1/spaces/:spaceId', parentSpanId: clientSpanId });
    const gatewayClient = inTrace(traceId).find((s) => s.service === 'gateway' && s.kind === CLIENT && s.name === 'content.space.get')!;
    expect(gatewayClient.parentSpanId).toBe(http.spanId);
    // Across NATS: content's span is the child of the gateway's request to it.
    expect(contentServer.parentSpanId).toBe(gatewayClient.spanId);
    // And Postgres: content's queries are children of its handler's span.
    const queries = await received(() => {
      const found = inTrace(traceId).filter((s) => s.service === 'content' && s.scope.includes('instrumentation-pg'));
      return found.length > 0 ? found : undefined;
    });
    for (const query of queries) expect(query.parentSpanId).toBe(contentServer.spanId);
    // Nothing of this trace is a root but the client's: every span hangs off a span of the trace.
    const ids = new Set([clientSpanId, ...inTrace(traceId).map((s) => s.spanId)]);
    for (const span of inTrace(traceId)) expect(ids.has(span.parentSpanId!)).toBe(true);
  });

  it('puts the token check of a request in its trace (a token not yet cached goes to identity)', async () => {
    const { client } = await newUser('tracing-token');
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await client.request('GET', '/v1/user', undefined, { traceparent: `00-${traceId}-00f067aa0ba902b7-01` });
    expectOperation(response, 'getAuthenticatedUser', 200);
    const verify = await received(() =>
      inTrace(traceId).find((s) => s.service === 'gateway' && s.kind === CLIENT && s.name === 'identity.token.verify'),
    );
    const http = inTrace(traceId).find((s) => s.service === 'gateway' && s.kind === SERVER)!;
    expect(http.name).toBe('GET /v1/user');
    expect(verify.parentSpanId).toBe(http.spanId);
  });

  it('makes a job the child of the request that queued it, in the worker process, and logs its trace id', async () => {
    const { client, orgId } = await newOrgAdmin('tracing-job');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id, 'Traced');
    await editContent(client, space.id, cr.id, [
      { operation: 'insert_page', title: 'Traced', document: documentOf(['k', 'traced words']) },
    ]);
    await merge(client, space.id, cr.id);
    await waitForJob('content', `search-index-${space.id}`, (s) => s.status === 'succeeded', 30_000);

    const job = await received(() =>
      spans.find((s) => s.service === 'content-worker' && s.kind === CONSUMER && s.name === 'job content.search-index'),
    );
    const trace = inTrace(job.traceId);
    // The merge request: gateway → content, and the job hangs off content's handler, which queued it.
    const http = trace.find((s) => s.service === 'gateway' && s.kind === SERVER)!;
    expect(http.name).toBe('POST /v1/spaces/:spaceId/change-requests/:changeRequestId/merge');
    const enqueuer = trace.find((s) => s.spanId === job.parentSpanId)!;
    expect(enqueuer).toMatchObject({ service: 'content', kind: SERVER });
    expect(trace.find((s) => s.spanId === enqueuer.parentSpanId)).toMatchObject({ service: 'gateway', kind: CLIENT });
    // The worker's queries are the job's children.
    const queries = await received(() => {
      const found = inTrace(job.traceId).filter((s) => s.service === 'content-worker' && s.scope.includes('instrumentation-pg'));
      return found.length > 0 ? found : undefined;
    });
    for (const query of queries) expect(query.parentSpanId).toBe(job.spanId);
    // Log lines written inside the job carry its trace id.
    const log = readFileSync(join(testStack().dataDir, 'logs', 'content-worker.log'), 'utf8');
    const line = log.split('\n').find((l) => l.includes('search index updated') && l.includes(space.id));
    expect(JSON.parse(line!)).toMatchObject({ traceId: job.traceId, spaceId: space.id });
  });
});
