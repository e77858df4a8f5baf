import { Module } from '@nestjs/common';
import { ContentReader } from '../revisions/content-reader';
import { ContentReadsHandler } from '../revisions/content-reads.handler';
import { ContentReadsService } from '../revisions/content-reads.service';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { ChangeRequestEditsService } from './change-request-edits.service';
import { ChangeRequestsHandler } from './change-requests.handler';
import { ChangeRequestsRepository } from './change-requests.repository';
import { ChangeRequestsService } from './change-requests.service';
import { MergeService } from './merge.service';

/** Change requests and the content reads of spaces and change requests (both resolve revisions the same way). */
@Module({
  imports: [RevisionsModule, SpacesModule],
  controllers: [ChangeRequestsHandler, ContentReadsHandler],
  providers: [ChangeRequestsService, ChangeRequestsRepository, ChangeRequestEditsService, MergeService, ContentReader, ContentReadsService],
})
export class ChangeRequestsModule {}
