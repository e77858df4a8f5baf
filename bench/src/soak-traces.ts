import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { percentile } from './soak-stats';

/**
 * `SOAK_TRACE=0.1`: the soak traces that share of its requests and says where the slow ones spent
 * their time. The stack already propagates W3C trace context (gateway → NATS envelope → service →
 * pg) and exports spans over OTLP/HTTP JSON when `OTEL_EXPORTER_OTLP_ENDPOINT` is set; here the
 * bench process is that collector. Every app samples only what the soak asks for
 * (`parentbased_always_off`): a request sent with a sampled `traceparent` is traced end to end,
 * the others record nothing (tracing on still costs every request a little: compare figures
 * taken with it only with figures taken with it).
 *
 * Each traced request's time, as the soak saw it, is split by what was deepest in its trace at
 * each instant: outside the gateway's span (the client, the connection, the gateway's event loop
 * before its first hook), the gateway's own span, a NATS request's own span (transit both ways
 * and the receiving service's event-loop queue before its handler starts), a service's handler,
 * and Postgres as each service sees it (round trip, execution, lock waits, and the service's loop
 * before it reads the answer). Jobs a request queues are not its time.
 */

/** Share of requests traced (`SOAK_TRACE`, 0–1); 0 (the default) leaves tracing off. */
export const traceShare = (): number => Math.min(1, Math.max(0, Number(process.env.SOAK_TRACE ?? 0) || 0));

let collector: TraceCollector | undefined;

/** Called before the stack starts (its apps read the OTLP settings at start) when the soak is to be traced. */
export async function prepareSoakTracing(): Promise<void> {
  if (traceShare() > 0) collector ??= await TraceCollector.start();
}

/** The collector `prepareSoakTracing` started, if any. */
export const soakTraceCollector = (): TraceCollector | undefined => collector;

export interface CollectedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  service: string;
  start: number;
  end: number;
}

/** OTLP span kinds, as numbers in OTLP/JSON. */
const SERVER = 2;
const CLIENT = 3;
const CONSUMER = 5;

/** A traced request as the soak saw it. */
export interface TracedRequest {
  traceId: string;
  operation: string;
  ms: number;
}

/** The OTLP/HTTP receiver the apps export to; keeps spans by trace id until the soak reads them. */
export class TraceCollector {
  private readonly spans = new Map<string, CollectedSpan[]>();
  private exports = 0;

  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      try {
        const raw = Buffer.concat(chunks);
        const text = (request.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
        this.receive(JSON.parse(text) as OtlpExport);
      } catch {
        // A malformed export only loses its spans.
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });

  private constructor() {}

  /** Listens on a free loopback port and points the stack the bench will start at it (environment read at app start). */
  static async start(): Promise<TraceCollector> {
    const started = new TraceCollector();
    const server = started.server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    Object.assign(process.env, {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_TRACES_SAMPLER: 'parentbased_always_off',
      // Exported every second in batches large enough for a traced share of ~500 req/s.
      OTEL_BSP_SCHEDULE_DELAY: '1000',
      OTEL_BSP_MAX_QUEUE_SIZE: '16384',
      OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '2048',
    });
    return started;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  get exportsReceived(): number {
    return this.exports;
  }

  spansOf(traceId: string): CollectedSpan[] {
    return this.spans.get(traceId) ?? [];
  }

  private receive(body: OtlpExport): void {
    this.exports++;
    for (const resourceSpans of body.resourceSpans ?? []) {
      const service = resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value?.stringValue ?? 'unknown';
      for (const scope of resourceSpans.scopeSpans ?? [])
        for (const s of scope.spans ?? []) {
          const span: CollectedSpan = {
            traceId: s.traceId,
            spanId: s.spanId,
            parentSpanId: s.parentSpanId || undefined,
            name: s.name,
            kind: s.kind,
            service,
            start: nanosToMs(s.startTimeUnixNano),
            end: nanosToMs(s.endTimeUnixNano),
          };
          let list = this.spans.get(span.traceId);
          if (!list) this.spans.set(span.traceId, (list = []));
          list.push(span);
        }
    }
  }
}

interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value?: { stringValue?: string } }[] };
    scopeSpans?: {
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        startTimeUnixNano: string | number;
        endTimeUnixNano: string | number;
      }[];
    }[];
  }[];
}

/** Nanoseconds since the epoch (a decimal string in OTLP/JSON) → ms, keeping sub-ms precision. */
const nanosToMs = (nanos: string | number): number => (typeof nanos === 'number' ? nanos / 1e6 : Number(BigInt(nanos) / 1000n) / 1000);

/**
 * W3C `traceparent` values, sampled, with ids from a counter (reproducible, distinct per run by
 * the start time): the soak asks the stack to trace exactly these requests.
 */
export class TraceIds {
  private n = 0;
  private readonly prefix = Date.now().toString(16).padStart(16, '0').slice(-16);

  next(): { traceId: string; traceparent: string } {
    this.n++;
    const traceId = this.prefix + this.n.toString(16).padStart(16, '0');
    return { traceId, traceparent: `00-${traceId}-${this.n.toString(16).padStart(16, '1')}-01` };
  }
}

/** Where one request's time went: ms by part, summing to what the soak measured. */
export type Breakdown = Map<string, number>;

/** `TracedRequest`'s time split by the deepest span at each instant (see the module's comment); undefined without its gateway span. */
export function breakdown(request: TracedRequest, spans: CollectedSpan[]): Breakdown | undefined {
  const root = spans.find((s) => s.kind === SERVER && s.service === 'gateway' && !spans.some((p) => p.spanId === s.parentSpanId));
  if (!root) return undefined;
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  // Depth below the root; spans under a job (queued work, not the request's) and orphans are left out.
  const depth = new Map<string, number>([[root.spanId, 0]]);
  const depthOf = (span: CollectedSpan): number | undefined => {
    if (depth.has(span.spanId)) return depth.get(span.spanId);
    if (span.kind === CONSUMER || !span.parentSpanId) return undefined;
    const parent = byId.get(span.parentSpanId);
    const d = parent ? depthOf(parent) : undefined;
    const own = d === undefined ? undefined : d + 1;
    if (own !== undefined) depth.set(span.spanId, own);
    return own;
  };
  const inside = spans.filter((s) => depthOf(s) !== undefined);
  // Elementary intervals between every span boundary inside the root; each goes to the deepest span covering it.
  const edges = [...new Set(inside.flatMap((s) => [s.start, s.end]))].filter((t) => t >= root.start && t <= root.end).sort((a, b) => a - b);
  const parts: Breakdown = new Map();
  const add = (part: string, ms: number) => parts.set(part, (parts.get(part) ?? 0) + ms);
  for (let i = 0; i + 1 < edges.length; i++) {
    const [from, to] = [edges[i], edges[i + 1]];
    let deepest = root;
    for (const span of inside)
      if (span.start <= from && span.end >= to && depth.get(span.spanId)! > depth.get(deepest.spanId)!) deepest = span;
    add(partOf(deepest), to - from);
  }
  add('outside the gateway span', Math.max(0, request.ms - (root.end - root.start)));
  return parts;
}

/** The part of a request a span stands for. */
function partOf(span: CollectedSpan): string {
  if (span.service === 'gateway' && span.kind === SERVER) return 'gateway';
  if (span.kind === CLIENT && span.name.startsWith('pg')) return `postgres from ${span.service}`;
  if (span.kind === CLIENT) return `nats + queue → ${span.name.split('.')[0]}`;
  if (span.kind === SERVER) return `${span.service} handler`;
  // pg's spans are CLIENT spans named after the statement's verb (`pg.query:SELECT …`) or INTERNAL ones.
  return span.name.startsWith('pg') ? `postgres from ${span.service}` : `${span.service} handler`;
}

/**
 * The report: for the slowest 5 % of the traced requests (and, to compare, all of them), the
 * mean ms and share by part; then, per operation, its slow requests' mean ms in its three largest parts.
 */
export function breakdownLines(requests: TracedRequest[], collector: TraceCollector, share: number): string[] {
  const explained = requests
    .map((request) => ({ request, parts: breakdown(request, collector.spansOf(request.traceId)) }))
    .filter((e): e is { request: TracedRequest; parts: Breakdown } => e.parts !== undefined);
  const lines = [
    `where the time went (SOAK_TRACE=${share}: ${requests.length} requests traced, ${explained.length} with their gateway span, ` +
      `${collector.exportsReceived} exports received):`,
  ];
  if (explained.length === 0) return lines;
  const sorted = Float64Array.from(explained.map((e) => e.request.ms)).sort();
  const slowFrom = percentile(sorted, 0.95);
  const slow = explained.filter((e) => e.request.ms >= slowFrom);
  const slowMeans = meanParts(slow.map((e) => e.parts));
  const allMeans = meanParts(explained.map((e) => e.parts));
  const total = (means: Breakdown) => [...means.values()].reduce((a, b) => a + b, 0);
  lines.push(
    `  part (mean ms and share)            slowest 5 % (≥ ${slowFrom.toFixed(0)} ms, n=${slow.length})   all traced (n=${explained.length})`,
  );
  for (const [part, ms] of [...slowMeans].sort(([, a], [, b]) => b - a)) {
    const all = allMeans.get(part) ?? 0;
    lines.push(
      `  ${part.padEnd(34)} ${ms.toFixed(1).padStart(8)} ms ${pct(ms, total(slowMeans))}` +
        `         ${all.toFixed(1).padStart(8)} ms ${pct(all, total(allMeans))}`,
    );
  }
  lines.push('  per operation, its slowest 5 % of traced requests: mean ms, then the three largest parts');
  const operations = [...new Set(explained.map((e) => e.request.operation))].sort();
  for (const operation of operations) {
    const own = explained.filter((e) => e.request.operation === operation);
    const ms = Float64Array.from(own.map((e) => e.request.ms)).sort();
    const ownSlow = own.filter((e) => e.request.ms >= percentile(ms, 0.95));
    const means = meanParts(ownSlow.map((e) => e.parts));
    const top = [...means].sort(([, a], [, b]) => b - a).slice(0, 3);
    lines.push(
      `    ${operation.padEnd(22)} n=${String(ownSlow.length).padStart(3)} ${total(means).toFixed(0).padStart(5)} ms: ` +
        top.map(([part, v]) => `${part} ${v.toFixed(0)}`).join(', '),
    );
  }
  return lines;
}

function meanParts(all: Breakdown[]): Breakdown {
  const sums: Breakdown = new Map();
  for (const parts of all) for (const [part, ms] of parts) sums.set(part, (sums.get(part) ?? 0) + ms);
  return new Map([...sums].map(([part, ms]) => [part, ms / Math.max(1, all.length)]));
}

const pct = (part: number, whole: number) => `${whole > 0 ? ((part / whole) * 100).toFixed(0).padStart(3) : '  0'} %`;
