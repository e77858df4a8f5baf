import { Module } from '@nestjs/common';
import { ContentStore } from './content-store';
import { RevisionMerger } from './revision-merger';
import { RevisionsRepository } from './revisions.repository';

/** The versioned model: content-addressed page versions and bodies, revisions, merges. */
@Module({
  providers: [ContentStore, RevisionsRepository, RevisionMerger],
  exports: [ContentStore, RevisionsRepository, RevisionMerger],
})
export class RevisionsModule {}
