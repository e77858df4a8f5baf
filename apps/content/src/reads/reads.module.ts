import { Module } from '@nestjs/common';
import { ComputedModule } from '../computed/computed.module';
import { PathHistory } from '../store/path-history';
import { StoreModule } from '../store/store.module';
import { ContentReadsHandler } from './content-reads.handler';
import { ContentReadsService } from './content-reads.service';

/** Reads of a space's or change request's content: pages, files, documents, the tree. */
@Module({
  imports: [StoreModule, ComputedModule],
  controllers: [ContentReadsHandler],
  providers: [ContentReadsService, PathHistory],
})
export class ReadsModule {}
