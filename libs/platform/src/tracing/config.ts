/**
 * Whether this process exports traces: an OTLP endpoint is configured (the standard
 * `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT`) and tracing is not turned
 * off (`OTEL_SDK_DISABLED=true`, `OTEL_TRACES_EXPORTER=none`). Off by default. Reads only the
 * environment, so the logger can ask it at load time without depending on the SDK.
 */
export function tracingConfigured(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}
