import { Module } from '@nestjs/common';
import { RevisionsModule } from '../store/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { SearchHandler } from './search.handler';
import { SearchIndexer } from './search-indexer';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

/** Search of spaces' main content; the index is written by the worker's `content.search-index` job. */
@Module({
  imports: [RevisionsModule, SpacesModule],
  controllers: [SearchHandler],
  providers: [SearchService, SearchRepository, SearchIndexer],
})
export class SearchModule {}
