import {
  ContentSubjects,
  type Envelope,
  type PdfExportInput,
  type PdfExportUrl,
  type PdfFile,
  type PdfRenderInput,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PdfExportService } from './pdf-export.service';

/** getSpacePDF / getChangeRequestPDF, and the PDF behind the URLs they hand out. */
@Controller()
export class PdfExportHandler {
  constructor(private readonly exports: PdfExportService) {}

  @MessagePattern(ContentSubjects.pdfIssue)
  issue(@Payload() { ctx, data }: Envelope<PdfExportInput>): Promise<PdfExportUrl> {
    return this.exports.issue(ctx, data);
  }

  @MessagePattern(ContentSubjects.pdfRender)
  render(@Payload() { data }: Envelope<PdfRenderInput>): Promise<PdfFile> {
    return this.exports.render(data);
  }
}
