import { natsConnectionOptions, ServiceClient } from '@bindery/platform/nest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type FactoryProvider, Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { IdentityEnv } from '../config/identity.env';

export const CONTENT_NATS = Symbol('CONTENT_NATS');
export const CONTENT_CLIENT = Symbol('CONTENT_CLIENT');
/** Identity waits this long for content before answering 503. */
const CONTENT_TIMEOUT_MS = 5000;

/** Identity's client connection for requests to other contexts (content). */
export const contentNatsProvider: FactoryProvider<Promise<NatsConnection>> = {
  provide: CONTENT_NATS,
  inject: [IdentityEnv],
  useFactory: (env: IdentityEnv) => connect(natsConnectionOptions(env, 'identity-client')),
};

export const contentClientProvider: FactoryProvider<ServiceClient> = {
  provide: CONTENT_CLIENT,
  inject: [CONTENT_NATS],
  useFactory: (nc: NatsConnection) => new ServiceClient(nc, CONTENT_TIMEOUT_MS),
};

@Injectable()
export class ContentNatsCloser implements OnApplicationShutdown {
  constructor(@Inject(CONTENT_NATS) private readonly nc: NatsConnection) {}
  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain();
  }
}
