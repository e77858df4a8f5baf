import type { DynamicModule, INestMicroservice, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type MicroserviceOptions, Transport } from '@nestjs/microservices';
import { RequestScopeInterceptor } from './request-scope.interceptor';
import { RpcErrorFilter } from './rpc-error.filter';
import { logger, PinoNestLogger } from '../logging/logger';

export interface StartServiceOptions {
  /** Service name; also its NATS queue group, so replicas share requests. */
  name: string;
  module: Type<unknown> | DynamicModule;
  natsUrl: string;
}

/**
 * NATS connection options shared by servers and clients: reconnect forever, quickly. No async
 * traces: nats.js would otherwise build an Error (with a captured stack) for every request just in
 * case it times out, which measured at ~7% of the gateway's CPU.
 */
export function natsConnectionOptions(natsUrl: string, name: string) {
  return { servers: natsUrl.split(','), name, maxReconnectAttempts: -1, reconnectTimeWait: 500, noAsyncTraces: true };
}

/** Boots a bounded-context service as a NATS request/reply microservice. */
export async function startService(options: StartServiceOptions): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(options.module, {
    transport: Transport.NATS,
    options: { ...natsConnectionOptions(options.natsUrl, options.name), queue: options.name, gracefulShutdown: true },
    logger: new PinoNestLogger(),
  });
  app.useGlobalFilters(new RpcErrorFilter());
  app.useGlobalInterceptors(new RequestScopeInterceptor());
  app.enableShutdownHooks();
  await app.listen();
  logger.info({ service: options.name }, 'service listening on NATS');
  return app;
}
