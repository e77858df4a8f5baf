import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RequestHistogram } from './request-histogram';

/**
 * The process's Prometheus metrics. One registry per process; every label value is bounded by the
 * code (a route template, a NATS subject, a job type, an outcome), never a raw path or an id, so
 * the number of series stays fixed however much traffic there is.
 */
export const metricsRegistry = new Registry();

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900];

// The three timed on every request are RequestHistograms (prom-client's output at a tenth of its
// cost per observation, see request-histogram.ts); a job's is prom-client's own.
export const httpRequests = new RequestHistogram({
  name: 'bindery_http_request_duration_seconds',
  help: 'HTTP requests answered by the gateway, by route template and status',
  labelNames: ['method', 'route', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const rpcServerRequests = new RequestHistogram({
  name: 'bindery_rpc_server_duration_seconds',
  help: 'NATS requests handled by this service, by subject and outcome (ok or the error reason)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const rpcClientRequests = new RequestHistogram({
  name: 'bindery_rpc_client_duration_seconds',
  help: 'NATS requests sent to other services, by subject and outcome (ok or the error reason)',
  labelNames: ['subject', 'outcome'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [metricsRegistry],
});

export const jobRuns = new Histogram({
  name: 'bindery_job_duration_seconds',
  help: 'Job attempts run by this worker, by job type and outcome',
  labelNames: ['type', 'outcome'] as const,
  buckets: JOB_BUCKETS,
  registers: [metricsRegistry],
});

export const deadLetters = new Counter({
  name: 'bindery_dead_letters_total',
  help: 'Messages given up on and moved to the dead-letter stream, by consumer',
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
});

/** Error outcome of a call: the error's stable reason when it has one (a small fixed set). */
export function outcomeOf(error: unknown): string {
  const reason = (error as { reason?: unknown } | null)?.reason;
  return typeof reason === 'string' && /^[a-z_]{1,40}$/.test(reason) ? reason : 'error';
}

/** Seconds since `started` (a `performance.now()` reading). */
export const secondsSince = (started: number): number => (performance.now() - started) / 1000;

type GaugeSource = () => Promise<Array<{ labels: Record<string, string>; value: number }>>;
const gaugeSources = new Map<string, GaugeSource[]>();

/**
 * A gauge read when Prometheus scrapes (consumer lag, outbox backlog, pool usage): each source is
 * asked then, so nothing polls in between. Several parts of a process may add sources to one
 * gauge (two consumers, say); a source that fails adds no sample.
 */
export function addScrapedGauge(name: string, help: string, labelNames: string[], source: GaugeSource): void {
  const existing = gaugeSources.get(name);
  if (existing) {
    existing.push(source);
    return;
  }
  const sources = [source];
  gaugeSources.set(name, sources);
  new Gauge({
    name,
    help,
    labelNames,
    registers: [metricsRegistry],
    async collect() {
      this.reset();
      for (const read of sources) {
        const samples = await read().catch(() => []);
        for (const sample of samples) this.set(sample.labels, sample.value);
      }
    },
  });
}

/** Resolution of `nodejs_eventloop_lag_*` (see collectProcessMetrics). */
const EVENT_LOOP_MONITORING_MS = 200;

let defaultsOn = false;
/**
 * Process memory, CPU, event-loop lag and GC of this process (prom-client's defaults), once.
 * `labels` are added to every sample: the all-in-one process names each thread's registry
 * (`thread="services"`), so its threads' samples stay apart when it serves them together.
 */
export function collectProcessMetrics(service: string, labels: Record<string, string> = {}): void {
  if (defaultsOn) return;
  defaultsOn = true;
  metricsRegistry.setDefaultLabels({ ...labels, service });
  // The event-loop delay monitor wakes the process every `precision` ms: at 20 ms that was ~0.25 %
  // of a core per idle process, 4 % for the stack's 16. At 200 ms it is ~0.03 %; a block longer
  // than 200 ms still shows in full, a shorter one may show only in part.
  collectDefaultMetrics({ register: metricsRegistry, eventLoopMonitoringPrecision: EVENT_LOOP_MONITORING_MS });
  countEventLoopBusyTime();
}

/**
 * Time the event loop of this thread spent running code (`performance.eventLoopUtilization`),
 * read at each scrape: the CPU of one thread, where the process's CPU counts every thread's (the
 * all-in-one's main, services and jobs threads share one process).
 */
function countEventLoopBusyTime(): void {
  let counted = 0;
  new Counter({
    name: 'bindery_eventloop_busy_seconds_total',
    help: "Time this thread's event loop spent running code rather than waiting",
    registers: [metricsRegistry],
    collect() {
      const busy = performance.eventLoopUtilization().active / 1000;
      if (busy > counted) this.inc(busy - counted);
      counted = busy;
    },
  });
}

/**
 * How long one serialisation of the registry answers the scrapes of other ports. In the all-in-one
 * process the apps of a thread share its registry and each serves it on its own METRICS_PORT: a
 * scraper that reads every port at once (the soak bench every 5 s, a Prometheus given every
 * target) would serialise the same registry once per app. Prometheus scrapes each target every
 * 10 s or more; a second is far below that and well above the milliseconds between the ports' requests.
 */
export const METRICS_REUSE_MS = 1000;

let lastText: { text: Promise<string>; at: number; servedTo: Set<string> } | undefined;
/**
 * The registry as Prometheus text for the metrics port `port`: the text written for another port
 * in the last METRICS_REUSE_MS, or a new one. A port that scrapes again always gets a new one (its
 * samples since its last scrape: `nodejs_eventloop_lag_max_seconds` is reset at each).
 */
export function metricsText(port: string, now: () => number = performance.now.bind(performance)): Promise<string> {
  const at = now();
  if (lastText && at - lastText.at < METRICS_REUSE_MS && !lastText.servedTo.has(port)) {
    lastText.servedTo.add(port);
    return lastText.text;
  }
  const text = metricsRegistry.metrics();
  lastText = { text, at, servedTo: new Set([port]) };
  // A failed serialisation is not reused: the next scrape tries again.
  text.catch(() => {
    if (lastText?.text === text) lastText = undefined;
  });
  return text;
}

/** The registry's samples as plain data (structured-cloneable: a thread sends them to the process's /metrics). */
export type MetricsSnapshot = Awaited<ReturnType<Registry['getMetricsAsJSON']>>;

/** This thread's registry as data, for the all-in-one process's `/metrics`, which writes every thread's once. */
export function metricsSnapshot(): Promise<MetricsSnapshot> {
  return metricsRegistry.getMetricsAsJSON();
}

/**
 * Registries' samples (`metricsSnapshot`, one per thread) as one Prometheus text, each series as it
 * is: every series must come from one registry (the all-in-one labels each thread's samples with
 * its thread), so merging sums nothing; what one metric name gathers from several registries is
 * written under one HELP and TYPE, as the text format requires.
 */
export function metricsTextOf(snapshots: MetricsSnapshot[]): Promise<string> {
  // 'first' keeps each series as it is: prom-client's own aggregators (for cluster workers) would
  // drop `process_start_time_seconds` and average the event-loop figures.
  const asIs = snapshots.map((snapshot) => snapshot.map((metric) => ({ ...metric, aggregator: 'first' as const })));
  return AggregatorRegistry.aggregate(asIs).metrics();
}

/** The content type of `metricsText` and `metricsTextOf`. */
export const METRICS_CONTENT_TYPE = metricsRegistry.contentType;
