// NestJS wiring of the platform. Kept apart from the root entry point so framework-free code
// (tools, tests) can use the platform without loading NestJS (ESM-only since v12).
// First: starts tracing (when configured) before anything below loads `pg`.
import '../tracing/register';
export * from './rpc-error.filter';
export * from './start-service';
export * from './service-client';
export * from './service-database.module';
export * from './events.module';
export * from './message-scope';
export * from './envelope.guard';
export * from './space-access.provider';
export * from './organization-access.provider';
export * from './service-client.module';
export * from './health.handler';
export { JsonAnswer } from './reply-packet';
