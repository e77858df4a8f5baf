import { natsConnectionOptions, ServiceClient } from '@bindery/platform/nest';
import { type DynamicModule, Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type ClientProxy, ClientProxyFactory, Transport } from '@nestjs/microservices';
import { OrganizationAccess } from './organization-access';

const IDENTITY_PROXY = Symbol('IDENTITY_PROXY');

@Injectable()
class ProxyCloser implements OnApplicationShutdown {
  constructor(@Inject(IDENTITY_PROXY) private readonly proxy: ClientProxy) {}
  async onApplicationShutdown(): Promise<void> {
    await this.proxy.close();
  }
}

/** Requests to identity (memberships, the current user) over NATS. */
@Global()
@Module({})
export class AccessModule {
  static forRoot(natsUrl: string, rpcTimeoutMs = 5000): DynamicModule {
    return {
      module: AccessModule,
      providers: [
        {
          provide: IDENTITY_PROXY,
          useFactory: () => ClientProxyFactory.create({ transport: Transport.NATS, options: natsConnectionOptions(natsUrl, 'content-client') }),
        },
        { provide: ServiceClient, inject: [IDENTITY_PROXY], useFactory: (proxy: ClientProxy) => new ServiceClient(proxy, rpcTimeoutMs) },
        ProxyCloser,
        OrganizationAccess,
      ],
      exports: [OrganizationAccess],
    };
  }
}
