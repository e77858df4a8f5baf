// Framework-free platform code. NestJS wiring lives in the `@bindery/platform/nest` entry point.
// First: starts tracing (when configured) before anything below loads `pg`.
import './tracing/register';
export * from './errors/app-error';
export * from './config/load-config';
export * from './config/is-address-list';
export * from './logging/logger';
export * from './ids/new-id';
export * from './pagination/cursor';
export * from './database/service-data-source';
export * from './database/provision-schema';
export * from './jetstream/streams';
export * from './jetstream/jetstream-bus';
export * from './jetstream/outbox';
export * from './process/run-main';
export * from './process/entry-host';
export * from './database/prepared-query';
export * from './database/write-batch';
export * from './fetch/address-policy';
export * from './fetch/guarded-fetch';
export * from './envelope/check-envelope';
export * from './nats/connection-options';
export * from './nats/connect-at-start';
export * from './nats/check-phase-batch';
export * from './jobs';
export * from './access/space-access-client';
export * from './access/organization-access-client';
export * from './access/membership-cache';
export * from './access/membership-feed';
// Framework-free (no NestJS import): tools and tests call services with it too.
export { type NestReplyPacket, ServiceClient } from './nest/service-client';
export * from './database/migrate-main';
export * from './pagination/keyset-page';
export * from './envelope/caller-id';
export * from './process/worker-script';
export * from './metrics';
export * from './tracing';
export * from './crypto/secret-sealer';
export * from './page-tree/tree-parts';
