import { natsConnectionOptions, ServiceClient } from '@bindery/platform/nest';
import { type FactoryProvider, Inject, type OnApplicationShutdown, Injectable } from '@nestjs/common';
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { GatewayEnv } from '../config/gateway.env';

export const NATS_PROXY = Symbol('NATS_PROXY');

/** One NATS client for every service; the subject decides which context answers. */
export const natsProxyProvider: FactoryProvider<ClientProxy> = {
  provide: NATS_PROXY,
  inject: [GatewayEnv],
  useFactory: (env: GatewayEnv) =>
    ClientProxyFactory.create({ transport: Transport.NATS, options: natsConnectionOptions(env.NATS_URL, 'gateway') }),
};

export const serviceClientProvider: FactoryProvider<ServiceClient> = {
  provide: ServiceClient,
  inject: [NATS_PROXY, GatewayEnv],
  useFactory: (proxy: ClientProxy, env: GatewayEnv) => new ServiceClient(proxy, env.RPC_TIMEOUT_MS),
};

@Injectable()
export class NatsProxyCloser implements OnApplicationShutdown {
  constructor(@Inject(NATS_PROXY) private readonly proxy: ClientProxy) {}
  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
