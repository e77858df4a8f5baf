import type { NatsConnection } from '@nats-io/transport-node';
import { connectAtStart } from '../nats/connect-at-start';
import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { natsConnectionOptions, type NatsSettings } from '../nats/connection-options';
import { ServiceClient } from './service-client';

/** The app's client connection to NATS (requests to other services; the gateway also subscribes on it). */
export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

export interface ServiceClientOptions {
  /** Connection name, seen in NATS monitoring (e.g. `identity-client`). */
  name: string;
  /** Where NATS is, the app's own credentials, and how long a request waits (`NatsEnv`). */
  env: NatsSettings & { RPC_TIMEOUT_MS: number };
}

@Injectable()
class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}
  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain();
  }
}

/**
 * Calling other services: `ServiceClient` (and the connection under it) for injection anywhere,
 * connected with the app's own NATS credentials and drained on shutdown. A request waits at most
 * the app's `RPC_TIMEOUT_MS`, then answers 503.
 */
@Global()
@Module({})
export class ServiceClientModule {
  static forRoot(options: ServiceClientOptions): DynamicModule {
    return {
      module: ServiceClientModule,
      providers: [
        { provide: NATS_CONNECTION, useFactory: () => connectAtStart(natsConnectionOptions(options.env, options.name)) },
        {
          provide: ServiceClient,
          inject: [NATS_CONNECTION],
          useFactory: (nc: NatsConnection) => new ServiceClient(nc, options.env.RPC_TIMEOUT_MS),
        },
        NatsConnectionCloser,
      ],
      exports: [ServiceClient, NATS_CONNECTION],
    };
  }
}
