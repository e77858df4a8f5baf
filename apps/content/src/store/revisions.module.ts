import { Module } from '@nestjs/common';
import { ContentCollector } from './content-collector';
import { ContentStore } from './content-store';
import { RevisionMerger } from './revision-merger';
import { RevisionsRepository } from './revisions.repository';

/** The versioned model: content-addressed page versions and bodies, revisions, merges, garbage collection. */
@Module({
  providers: [ContentStore, RevisionsRepository, RevisionMerger, ContentCollector],
  exports: [ContentStore, RevisionsRepository, RevisionMerger, ContentCollector],
})
export class RevisionsModule {}
