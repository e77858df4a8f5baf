import { ServiceClient } from '@bindery/platform/nest';
import { Global, Module } from '@nestjs/common';
import { NATS_PROXY, NatsProxyCloser, natsProxyProvider, serviceClientProvider } from './service-client.provider';

/** Request/reply access to every bounded context, for controllers to inject. */
@Global()
@Module({ providers: [natsProxyProvider, serviceClientProvider, NatsProxyCloser], exports: [ServiceClient, NATS_PROXY] })
export class ServicesModule {}
