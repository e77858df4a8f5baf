import { OpenApiOutlinesRepository } from '../computed/openapi-outlines.repository';
import { Module } from '@nestjs/common';
import { RememberedSpaces } from '../store/remembered-spaces';
import { StoreModule } from '../store/store.module';
import { SearchHandler } from './search.handler';
import { SearchIndexer } from './search-indexer';
import { SearchRepository } from './search.repository';
import { SearchService } from './search.service';

/** Search of spaces' main content; the index is written by the worker's `content.search-index` job. */
@Module({
  imports: [StoreModule],
  controllers: [SearchHandler],
  // RememberedSpaces: the searches' own (a space searched is remembered apart from the change requests' ones).
  providers: [SearchService, SearchRepository, SearchIndexer, OpenApiOutlinesRepository, RememberedSpaces],
})
export class SearchModule {}
