export * from './config';
export * from './carrier';
export * from './spans';
export { flushTracing, startTracing, tracingEnabled } from './start-tracing';
export type { Span } from '@opentelemetry/api';
