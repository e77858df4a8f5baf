import { Module } from '@nestjs/common';
import { ChangeRequestContentController } from './change-request-content.controller';
import { ChangeRequestReviewsController } from './change-request-reviews.controller';
import { ChangeRequestsController } from './change-requests.controller';
import { CollectionsController } from './collections.controller';
import { ComputedContentController } from './computed/computed.controller';
import { FilesDownloadController } from './files-download.controller';
import { PdfDownloadController } from './pdf-download.controller';
import { PdfExportController } from './pdf-export.controller';
import { PageTreeReader } from './page-tree/page-tree.reader';
import { ReusableContentsController } from './reusable-contents.controller';
import { RevisionContentController } from './revision-content.controller';
import { SpaceContentController } from './space-content.controller';
import { SpacesController } from './spaces.controller';
import { LinksController } from './links/links.controller';
import { SearchController } from './search/search.controller';
import { TemplatesController } from './templates/templates.controller';

/** Routes of the content context. */
@Module({
  controllers: [
    SpacesController,
    SpaceContentController,
    ChangeRequestsController,
    ChangeRequestContentController,
    ChangeRequestReviewsController,
    CollectionsController,
    FilesDownloadController,
    PdfExportController,
    PdfDownloadController,
    LinksController,
    SearchController,
    TemplatesController,
    ReusableContentsController,
    ComputedContentController,
    RevisionContentController,
  ],
  providers: [PageTreeReader],
})
export class ContentRoutesModule {}
