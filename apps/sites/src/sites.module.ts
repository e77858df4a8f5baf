import { FeedbackHandler } from './feedback/feedback.handler';
import { FeedbackRepository } from './feedback/feedback.repository';
import { FeedbackService } from './feedback/feedback.service';
import { CustomizationHandler } from './customization/customization.handler';
import { CustomizationRepository } from './customization/customization.repository';
import { CustomizationService } from './customization/customization.service';
import {
  EventsModule,
  organizationAccessClientProvider,
  ServiceClient,
  ServiceClientModule,
  ServiceDatabaseModule,
} from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import { OrganizationHostnames } from './access/organization-hostnames';
import { OrganizationsRepository } from './access/organizations.repository';
import { SitesEnv } from './config/sites.env';
import { SITES_SCHEMA, createSitesDataSource } from './database/data-source';
import { OpenApiModule } from './openapi/openapi.module';
import { SpaceFollowConsumer } from './follow/space-follow.consumer';
import { SpaceFollowService } from './follow/space-follow.service';
import { PublishedService } from './published/published.service';
import { PublishingAuthHandler } from './publishing-auth/publishing-auth.handler';
import { PublishingAuthRepository } from './publishing-auth/publishing-auth.repository';
import { PublishingAuthService } from './publishing-auth/publishing-auth.service';
import { SigningKeys } from './publishing-auth/signing-keys';
import { SiteVisitorAuthLoader } from './publishing-auth/site-verifier';
import { VisitorClaims } from './published/visitor-claims';
import { SiteLoader } from './sites/site-loader';
import { SitesHandler } from './sites/sites.handler';
import { SitesRepository } from './sites/sites.repository';
import { SitesService } from './sites/sites.service';
import { SectionGroupsService } from './structure/section-groups.service';
import { SectionsService } from './structure/sections.service';
import { SiteSpacesService } from './structure/site-spaces.service';
import { SiteWriter } from './structure/site-writer';
import { SortService } from './structure/sort.service';
import { SpaceLookup } from './structure/space-lookup';
import { StructureHandler } from './structure/structure.handler';
import { StructureRepository } from './structure/structure.repository';

/** Docs sites, site spaces, sections, section groups, published structures, adaptive content. */
@Module({
  controllers: [SitesHandler, StructureHandler, PublishingAuthHandler, CustomizationHandler, FeedbackHandler],
  providers: [
    organizationAccessClientProvider(ServiceClient),
    OrganizationHostnames,
    OrganizationsRepository,
    SiteLoader,
    CustomizationRepository,
    CustomizationService,
    FeedbackRepository,
    FeedbackService,
    SitesRepository,
    SitesService,
    StructureRepository,
    SiteWriter,
    SpaceLookup,
    SiteSpacesService,
    SectionsService,
    SectionGroupsService,
    SortService,
    PublishedService,
    VisitorClaims,
    SpaceFollowService,
    SpaceFollowConsumer,
    PublishingAuthRepository,
    PublishingAuthService,
    SigningKeys,
    SiteVisitorAuthLoader,
  ],
})
export class SiteStructureModule {}

/** Features go in `imports`; the health handler comes with `startService`. */
@Module({})
export class SitesModule {
  /** The running service: NATS handlers, migrations on start, outbox relay to JetStream, calls to other services. */
  static forService(env: SitesEnv): DynamicModule {
    return {
      module: SitesModule,
      global: true,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: SITES_SCHEMA,
          createDataSource: () => createSitesDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
        EventsModule.forRoot({ service: 'sites', nats: env, databaseUrl: env.DATABASE_URL }),
        ServiceClientModule.forRoot({ name: 'sites-client', env }),
        OpenApiModule.forRoot(env),
        SiteStructureModule,
      ],
      providers: [{ provide: SitesEnv, useValue: env }],
      exports: [SitesEnv],
    };
  }
}
