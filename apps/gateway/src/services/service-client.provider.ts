import { natsConnectionOptions, ServiceClient } from '@bindery/platform/nest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type FactoryProvider, Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { GatewayEnv } from '../config/gateway.env';

export const NATS_CONNECTION = Symbol('NATS_CONNECTION');

/** The gateway's one NATS connection: requests to every service and the revocation events. */
export const natsConnectionProvider: FactoryProvider<Promise<NatsConnection>> = {
  provide: NATS_CONNECTION,
  inject: [GatewayEnv],
  useFactory: (env: GatewayEnv) => connect(natsConnectionOptions(env, 'gateway')),
};

export const serviceClientProvider: FactoryProvider<ServiceClient> = {
  provide: ServiceClient,
  inject: [NATS_CONNECTION, GatewayEnv],
  useFactory: (nc: NatsConnection, env: GatewayEnv) => new ServiceClient(nc, env.RPC_TIMEOUT_MS),
};

@Injectable()
export class NatsConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_CONNECTION) private readonly nc: NatsConnection) {}
  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain();
  }
}
