import { Module } from '@nestjs/common';
import { ChangeRequestsModule } from '../change-requests/change-requests.module';
import { RevisionsModule } from '../revisions/revisions.module';
import { SpacesModule } from '../spaces/spaces.module';
import { PdfExportHandler } from './pdf-export.handler';
import { PdfExportService } from './pdf-export.service';

/** Exports of content to other formats: PDF of a space or a change request, through signed URLs. */
@Module({
  imports: [ChangeRequestsModule, RevisionsModule, SpacesModule],
  controllers: [PdfExportHandler],
  providers: [PdfExportService],
})
export class ExportsModule {}
