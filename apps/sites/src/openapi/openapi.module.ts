import { organizationAccessClientProvider, ServiceClient } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import type { OpenApiEnv } from './openapi.env';
import { OpenApiHandler } from './openapi.handler';
import { OpenApiRepository } from './openapi.repository';
import { OpenApiService } from './openapi.service';
import { OPENAPI_ENV } from './openapi.tokens';
import { OpenApiRefreshScheduler } from './refresh.scheduler';

/** OpenAPI specs: the request side (NATS handlers) and the periodic refresh; the worker processes them. */
@Module({})
export class OpenApiModule {
  static forRoot(env: OpenApiEnv): DynamicModule {
    return {
      module: OpenApiModule,
      controllers: [OpenApiHandler],
      providers: [
        { provide: OPENAPI_ENV, useValue: env },
        OpenApiRepository,
        organizationAccessClientProvider(ServiceClient),
        OpenApiService,
        OpenApiRefreshScheduler,
      ],
    };
  }
}

/** What the worker's jobs need: data access only (no handlers, no identity calls). */
@Module({})
export class OpenApiWorkerModule {
  static forRoot(env: OpenApiEnv): DynamicModule {
    return {
      module: OpenApiWorkerModule,
      providers: [{ provide: OPENAPI_ENV, useValue: env }, OpenApiRepository],
      exports: [OPENAPI_ENV, OpenApiRepository],
    };
  }
}
