import type { NatsSettings } from '@bindery/platform';
import { natsConnectionOptions, ServiceClient } from '@bindery/platform/nest';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { OrganizationAccess } from './organization-access';

const IDENTITY_CONNECTION = Symbol('IDENTITY_CONNECTION');

@Injectable()
class ConnectionCloser implements OnApplicationShutdown {
  constructor(@Inject(IDENTITY_CONNECTION) private readonly nc: NatsConnection) {}
  async onApplicationShutdown(): Promise<void> {
    await this.nc.drain();
  }
}

/** Requests to identity (memberships, the current user) over NATS. */
@Global()
@Module({})
export class AccessModule {
  static forRoot(nats: NatsSettings, rpcTimeoutMs = 5000): DynamicModule {
    return {
      module: AccessModule,
      providers: [
        { provide: IDENTITY_CONNECTION, useFactory: () => connect(natsConnectionOptions(nats, 'content-client')) },
        { provide: ServiceClient, inject: [IDENTITY_CONNECTION], useFactory: (nc: NatsConnection) => new ServiceClient(nc, rpcTimeoutMs) },
        ConnectionCloser,
        OrganizationAccess,
      ],
      exports: [OrganizationAccess],
    };
  }
}
