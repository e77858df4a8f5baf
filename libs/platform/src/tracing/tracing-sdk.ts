import { getNumberFromEnv, getStringFromEnv, setGlobalErrorHandler } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { detectResources, envDetector, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  type Sampler,
  TraceIdRatioBasedSampler,
} from '@opentelemetry/sdk-trace-node';
import { logger } from '../logging/logger';

/**
 * The OpenTelemetry SDK's setup, in its own module: `start-tracing` loads it only when tracing is
 * configured, so a process without tracing does not load the SDK (about 0.5 s of CPU per process).
 */
export function startSdk(env: NodeJS.ProcessEnv): NodeTracerProvider {
  const serviceName = env.OTEL_SERVICE_NAME?.trim() || env.BINDERY_SERVICE || 'bindery';
  const provider = new NodeTracerProvider({
    resource: detectResources({ detectors: [envDetector] }).merge(resourceFromAttributes({ 'service.name': serviceName })),
    sampler: samplerFromEnv(),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter(), {
        scheduledDelayMillis: getNumberFromEnv('OTEL_BSP_SCHEDULE_DELAY'),
        maxQueueSize: getNumberFromEnv('OTEL_BSP_MAX_QUEUE_SIZE'),
        maxExportBatchSize: getNumberFromEnv('OTEL_BSP_MAX_EXPORT_BATCH_SIZE'),
        exportTimeoutMillis: getNumberFromEnv('OTEL_BSP_EXPORT_TIMEOUT'),
      }),
    ],
  });
  // AsyncLocalStorage context manager and the W3C propagators, process-wide.
  provider.register();
  registerInstrumentations({
    // Queries only inside a trace (a request or a job), and no span per pool checkout.
    instrumentations: [new PgInstrumentation({ requireParentSpan: true, ignoreConnectSpans: true })],
  });
  setGlobalErrorHandler(warnAtMostEvery(5 * 60_000));
  logger.info({ serviceName, protocol: 'http/json' }, 'tracing on: exporting spans over OTLP');
  return provider;
}

/**
 * The SDK reports a failed export (collector down, unreachable) through its global error handler:
 * one warning per period instead of a line per batch, and never an error for the request.
 */
function warnAtMostEvery(periodMs: number): (error: unknown) => void {
  let last = -Infinity;
  let suppressed = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < periodMs) {
      suppressed++;
      return;
    }
    logger.warn({ err: error, suppressed }, 'trace export failed (spans dropped); next warning in 5 minutes at most');
    last = now;
    suppressed = 0;
  };
}

/** `OTEL_TRACES_SAMPLER` / `OTEL_TRACES_SAMPLER_ARG` as the specification names them (default: parent-based, always on). */
function samplerFromEnv(): Sampler {
  const ratio = getNumberFromEnv('OTEL_TRACES_SAMPLER_ARG') ?? 1;
  switch (getStringFromEnv('OTEL_TRACES_SAMPLER') ?? 'parentbased_always_on') {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return new TraceIdRatioBasedSampler(ratio);
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(ratio) });
    default:
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}
