import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PdfExportService } from './pdf-export.service';

const S = ContentSubjects;

/** getSpacePDF / getChangeRequestPDF, and the PDF behind the URLs they hand out. */
@Controller()
export class PdfExportHandler {
  constructor(private readonly exports: PdfExportService) {}

  @MessagePattern(S.pdfIssue)
  issue(@Payload() { ctx, data }: RpcEnvelope<typeof S.pdfIssue>): Promise<RpcResult<typeof S.pdfIssue>> {
    return this.exports.issue(ctx, data);
  }

  @MessagePattern(S.pdfRender)
  render(@Payload() { data }: RpcEnvelope<typeof S.pdfRender>): Promise<RpcResult<typeof S.pdfRender>> {
    return this.exports.render(data);
  }
}
