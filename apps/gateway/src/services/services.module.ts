import { ServiceClient } from '@bindery/platform/nest';
import { Global, Module } from '@nestjs/common';
import { NATS_CONNECTION, NatsConnectionCloser, natsConnectionProvider, serviceClientProvider } from './service-client.provider';

/** Request/reply access to every bounded context, for controllers to inject. */
@Global()
@Module({ providers: [natsConnectionProvider, serviceClientProvider, NatsConnectionCloser], exports: [ServiceClient, NATS_CONNECTION] })
export class ServicesModule {}
