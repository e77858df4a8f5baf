import { MarkdownPoolModule } from '@bindery/platform/markdown';
import { EventsModule, ServiceClientModule, ServiceDatabaseModule } from '@bindery/platform/nest';
import { type DynamicModule, Module } from '@nestjs/common';
import { AccessModule } from './access/access.module';
import { ChangeRequestsModule } from './change-requests/change-requests.module';
import { SerializedTreeCacheModule } from './store/serialized-tree-cache.module';
import { ClockModule } from './clock/clock.module';
import { CommentCountsModule } from './comment-counts/comment-counts.module';
import { CommentTargetsModule } from './comment-targets/comment-targets.module';
import { ComputedFollowModule } from './computed/computed.module';
import type { ContentEnv } from './config/content.env';
import { CONTENT_SCHEMA, createContentDataSource } from './database/data-source';
import { ExportsModule } from './exports/exports.module';
import { FilesModule } from './files/files.module';
import { ImportsModule } from './imports/imports.module';
import { CollectionsModule } from './collections/collections.module';
import { SpacesModule } from './spaces/spaces.module';
import { LinksModule } from './links/links.module';
import { ReadsModule } from './reads/reads.module';
import { SearchModule } from './search/search.module';
import { TemplatesModule } from './templates/templates.module';
import { TreeWritesModule } from './tree-writes/tree-writes.module';

@Module({})
export class ContentModule {
  /** The running service: NATS handlers, migrations on start, outbox relay to JetStream. */
  static forService(env: ContentEnv): DynamicModule {
    return {
      module: ContentModule,
      imports: [
        ServiceDatabaseModule.forRoot({
          schema: CONTENT_SCHEMA,
          createDataSource: () => createContentDataSource(env.DATABASE_URL),
          migrateOnStart: true,
        }),
        EventsModule.forRoot({ service: 'content', nats: env, databaseUrl: env.DATABASE_URL }),
        ServiceClientModule.forRoot({ name: 'content-client', env }),
        AccessModule,
        ClockModule,
        FilesModule.forRoot(env),
        MarkdownPoolModule.forRoot({
          workers: env.MARKDOWN_WORKERS,
          budgetMs: env.MARKDOWN_TIMEOUT_MS,
          name: 'Markdown',
          budgetNote: "the time a request's Markdown may take",
          // Markdown given back to a change request resolves these paths to the same references.
          spacePaths: true,
          documentName: "the page's body",
        }),
        SerializedTreeCacheModule.forRoot(env),
        SpacesModule,
        ChangeRequestsModule,
        ReadsModule,
        CollectionsModule,
        ExportsModule.forRoot(env),
        LinksModule,
        SearchModule,
        TemplatesModule,
        TreeWritesModule,
        CommentTargetsModule,
        CommentCountsModule.forService(env),
        ComputedFollowModule.forService(env),
        ImportsModule,
      ],
    };
  }
}
