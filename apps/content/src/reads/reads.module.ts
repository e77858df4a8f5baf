import { Module } from '@nestjs/common';
import { ComputedModule } from '../computed/computed.module';
import { PathHistory } from '../store/path-history';
import { StoreModule } from '../store/store.module';
import { ContentReadsHandler } from './content-reads.handler';
import { ContentReadsService } from './content-reads.service';
import { ReusableContentsHandler } from './reusable-contents.handler';
import { ReusableContentsService } from './reusable-contents.service';

/** Reads of a space's or change request's content: pages, files, documents, the tree, reusable contents. */
@Module({
  imports: [StoreModule, ComputedModule],
  controllers: [ContentReadsHandler, ReusableContentsHandler],
  providers: [ContentReadsService, ReusableContentsService, PathHistory],
})
export class ReadsModule {}
