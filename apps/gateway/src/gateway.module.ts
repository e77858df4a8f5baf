import { ServiceClientModule } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import { ApiDocsModule } from './api-docs/api-docs.module';
import { AuthModule } from './auth/auth.module';
import { CollaborationRoutesModule } from './collaboration/collaboration.module';
import { GatewayEnv } from './config/gateway.env';
import { ContentRoutesModule } from './content/content.module';
import { ConversationsRoutesModule } from './conversations/conversations.module';
import { GitSyncRoutesModule } from './git-sync/git-sync.module';
import { HealthController } from './health/health.controller';
import { IdempotencyGuard } from './idempotency/idempotency.guard';
import { IdentityRoutesModule } from './identity/identity.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { OpenApiRoutesModule } from './openapi/openapi.module';
import { TranslationsRoutesModule } from './translations/translations.module';
import { SitesRoutesModule } from './sites/sites.module';

@Module({})
export class GatewayModule {
  static forRoot(env: GatewayEnv): DynamicModule {
    return {
      module: GatewayModule,
      global: true,
      // One NATS connection: requests to every service, and the revocation events.
      imports: [
        ServiceClientModule.forRoot({ name: 'gateway', env }),
        RateLimitModule,
        AuthModule,
        IdentityRoutesModule,
        ContentRoutesModule,
        ConversationsRoutesModule,
        OpenApiRoutesModule,
        TranslationsRoutesModule,
        CollaborationRoutesModule,
        GitSyncRoutesModule,
        SitesRoutesModule,
        ApiDocsModule,
      ],
      controllers: [HealthController],
      providers: [
        { provide: GatewayEnv, useValue: env },
        // Not global: main.ts puts it on the POST routes only (see guardPostRoutes).
        IdempotencyGuard,
      ],
      exports: [GatewayEnv],
    };
  }
}
