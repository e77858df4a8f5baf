import { ContentSubjects, type PdfExportUrl, type RequestContext } from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Param, Query } from '@nestjs/common';
import { Ctx } from '../common/request-context.decorator';
import { ChangeRequestParams, SpaceParams } from './dto/content.params';
import { PdfExportQuery } from './dto/pdf-export.request';
import { Relayed } from '../common/relayed.decorator';

/** getSpacePDF and getChangeRequestPDF: a URL, valid for an hour, of the content as a PDF. */
@Controller('v1/spaces/:spaceId')
export class PdfExportController {
  constructor(private readonly services: ServiceClient) {}

  @Get('pdf')
  @Relayed()
  space(@Ctx() ctx: RequestContext, @Param() params: SpaceParams, @Query() query: PdfExportQuery): Promise<JsonBytes<PdfExportUrl>> {
    return this.services.relay(ContentSubjects.pdfIssue, ctx, { ...params, page: query.page, only: query.only === 'true' });
  }

  @Get('change-requests/:changeRequestId/pdf')
  @Relayed()
  changeRequest(
    @Ctx() ctx: RequestContext,
    @Param() params: ChangeRequestParams,
    @Query() query: PdfExportQuery,
  ): Promise<JsonBytes<PdfExportUrl>> {
    return this.services.relay(ContentSubjects.pdfIssue, ctx, { ...params, page: query.page, only: query.only === 'true' });
  }
}
