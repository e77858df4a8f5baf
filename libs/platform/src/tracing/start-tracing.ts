import type { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { tracingConfigured } from './config';

let provider: NodeTracerProvider | undefined;

/** True once this process exports traces (`startTracing` found an OTLP endpoint). */
export const tracingEnabled = (): boolean => provider !== undefined;

/**
 * Starts the OpenTelemetry SDK when an OTLP endpoint is configured, and does nothing otherwise:
 * no provider, no context manager, no patched modules, so the API calls in the kit are no-ops.
 * Runs when `@bindery/platform` is first loaded (see `register.ts`), before anything loads `pg`,
 * whose instrumentation must patch it on load.
 *
 * Spans go over OTLP/HTTP with JSON bodies (`OTEL_EXPORTER_OTLP_ENDPOINT` + `/v1/traces`, or
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`; `OTEL_EXPORTER_OTLP_HEADERS` for credentials), batched.
 * The service name is `OTEL_SERVICE_NAME`, else the app's name (`BINDERY_SERVICE`).
 */
export function startTracing(env: NodeJS.ProcessEnv = process.env): boolean {
  if (provider || !tracingConfigured(env)) return tracingEnabled();
  // Loaded here, not at the top: without tracing, the SDK stays unloaded.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startSdk } = require('./tracing-sdk') as typeof import('./tracing-sdk');
  provider = startSdk(env);
  return true;
}

/** Exports the spans still buffered (at shutdown, so the last ones are not lost). Never throws. */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush().catch(() => undefined);
}
