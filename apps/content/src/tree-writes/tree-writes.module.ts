import { Module } from '@nestjs/common';
import { RevisionsModule } from '../store/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { TreeWritesHandler } from './tree-writes.handler';
import { TreeWritesService } from './tree-writes.service';

/** `content.revision.write-tree`: a whole page tree as one revision (used by the translations worker). */
@Module({
  imports: [RevisionsModule, SpacesModule],
  controllers: [TreeWritesHandler],
  providers: [TreeWritesService],
})
export class TreeWritesModule {}
