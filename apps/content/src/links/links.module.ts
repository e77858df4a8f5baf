import { Module } from '@nestjs/common';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import { RevisionsModule } from '../store/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { DocumentRefsRepository } from '../store/document-refs.repository';
import { LinksHandler } from './links.handler';
import { LinksService } from './links.service';

/** Links, backlinks and their statuses, derived per page body (`document_refs`) and per revision. */
@Module({
  imports: [RevisionsModule, SpacesModule, ChangeRequestsModule],
  controllers: [LinksHandler],
  providers: [LinksService, DocumentRefsRepository],
})
export class LinksModule {}
