import { type DynamicModule, type INestMicroservice, Module, type Type } from '@nestjs/common';
import { MembershipFeed } from '../access/membership-feed';
import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { RpcErrorFilter } from './rpc-error.filter';
import { logger, PinoNestLogger } from '../logging/logger';
import { natsConnectionOptions, type NatsSettings } from '../nats/connection-options';
import { EnvelopeGuard } from './envelope.guard';
import { healthHandlerFor } from './health.handler';
import { markReady, startMetricsServer } from '../metrics/metrics-server';
import { flushTracing } from '../tracing/start-tracing';
import { DrainingServerNats } from './draining-server-nats';
import { entryHost } from '../process/entry-host';

// Re-exported: apps built their connections from here before it moved to the root entry point.
export { natsConnectionOptions } from '../nats/connection-options';

export interface StartServiceOptions {
  /** Service name; also its NATS queue group, so replicas share requests. */
  name: string;
  /** The service's features; its DataSource comes from `ServiceDatabaseModule` (global). */
  module: Type<unknown> | DynamicModule;
  /** NATS_URL and the service's own NATS_USER / NATS_PASSWORD. */
  nats: NatsSettings;
}

/** The root of every service: its own module, plus what every service answers (`<name>.health.ping`). */
@Module({})
class ServiceRootModule {
  /** At shutdown, after the last messages were handled: their spans are still buffered. */
  onApplicationShutdown(): Promise<void> {
    return flushTracing();
  }
}

/** The service's `MembershipFeed`, for every `OrganizationAccessClient` of its modules. */
@Module({})
class MembershipFeedModule {
  static of(feed: MembershipFeed): DynamicModule {
    return {
      module: MembershipFeedModule,
      global: true,
      providers: [{ provide: MembershipFeed, useValue: feed }],
      exports: [MembershipFeed],
    };
  }
}

/** Boots a bounded-context service as a NATS request/reply microservice. */
export async function startService(options: StartServiceOptions): Promise<INestMicroservice> {
  // Fed on the connection requests arrive on: the strategy's (see MembershipFeed for why).
  const membershipFeed = new MembershipFeed();
  const root: DynamicModule = {
    module: ServiceRootModule,
    imports: [MembershipFeedModule.of(membershipFeed), options.module],
    controllers: [healthHandlerFor(options.name)],
  };
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(root, {
    // Stopping: unsubscribe, answer the messages in hand (at most 10 s), then close.
    strategy: new DrainingServerNats(
      { ...natsConnectionOptions(options.nats, options.name), queue: options.name },
      undefined,
      membershipFeed,
    ),
    logger: new PinoNestLogger(),
  });
  app.useGlobalFilters(new RpcErrorFilter());
  // No caller, no answer (401), unless the subject is callerless by contract.
  app.useGlobalGuards(new EnvelopeGuard());
  // Each message's timing, outcome, span and log line: the transport's (`MessageScope`), not an interceptor.
  // Alone, the service closes on SIGTERM itself; beside other apps (apps/all-in-one), the host closes it in turn.
  const host = entryHost();
  if (host) host.onStop(() => app.close());
  else app.enableShutdownHooks();
  await startMetricsServer(options.name, {
    METRICS_PORT: options.nats.METRICS_PORT,
    METRICS_HOST: options.nats.METRICS_HOST ?? '127.0.0.1',
  });
  await app.listen();
  markReady();
  logger.info({ service: options.name }, 'service listening on NATS');
  return app;
}
