import { type DynamicModule, Global, Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { JetStreamBus } from '../jetstream/jetstream-bus';
import { OutboxRelay } from '../jetstream/outbox';
import type { NatsSettings } from '../nats/connection-options';
import { addScrapedGauge } from '../metrics/metrics';

export interface EventsModuleOptions {
  service: string;
  nats: NatsSettings;
  databaseUrl: string;
}

class OutboxRelayLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(JetStreamBus) private readonly bus: JetStreamBus,
  ) {}
  async onApplicationBootstrap(): Promise<void> {
    await this.relay.start();
    addScrapedGauge('bindery_outbox_backlog_events', 'Committed events not yet relayed to JetStream', [], async () => [
      { labels: {}, value: await this.relay.backlog() },
    ]);
  }
  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.bus.close();
  }
}

/**
 * JetStream for a service: the bus (publish, consume, jobs) and the relay that moves committed
 * outbox rows to the event stream.
 */
@Global()
@Module({})
export class EventsModule {
  static forRoot(options: EventsModuleOptions): DynamicModule {
    return {
      module: EventsModule,
      providers: [
        { provide: JetStreamBus, useFactory: () => JetStreamBus.connect(options.nats, `${options.service}-jetstream`) },
        {
          provide: OutboxRelay,
          inject: [DataSource, JetStreamBus],
          useFactory: (db: DataSource, bus: JetStreamBus) => new OutboxRelay(db, bus, options.databaseUrl),
        },
        OutboxRelayLifecycle,
      ],
      exports: [JetStreamBus, OutboxRelay],
    };
  }
}
