import { natsConnectionOptions, ServiceClient } from '@bindery/platform/nest';
import { type FactoryProvider, Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { IdentityEnv } from '../config/identity.env';

export const CONTENT_PROXY = Symbol('CONTENT_PROXY');
export const CONTENT_CLIENT = Symbol('CONTENT_CLIENT');
/** Identity waits this long for content before answering 503. */
const CONTENT_TIMEOUT_MS = 5000;

export const contentProxyProvider: FactoryProvider<ClientProxy> = {
  provide: CONTENT_PROXY,
  inject: [IdentityEnv],
  useFactory: (env: IdentityEnv) => ClientProxyFactory.create({ transport: Transport.NATS, options: natsConnectionOptions(env.NATS_URL, 'identity-client') }),
};

export const contentClientProvider: FactoryProvider<ServiceClient> = {
  provide: CONTENT_CLIENT,
  inject: [CONTENT_PROXY],
  useFactory: (proxy: ClientProxy) => new ServiceClient(proxy, CONTENT_TIMEOUT_MS),
};

@Injectable()
export class ContentProxyCloser implements OnApplicationShutdown {
  constructor(@Inject(CONTENT_PROXY) private readonly proxy: ClientProxy) {}
  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}
