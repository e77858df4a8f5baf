import { ContentSubjects, type RequestContext } from '@bindery/contracts';
import { isAppError } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Query, Res } from '@nestjs/common';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/public.decorator';
import { Ctx } from '../common/request-context.decorator';
import { GatewayEnv } from '../config/gateway.env';
import { PdfDownloadQuery } from './dto/pdf-export.request';
import { pdfFilename } from './pdf-filename';

/**
 * The target of the URLs getSpacePDF and getChangeRequestPDF hand out. Public: the URL's
 * signature (checked by content, which alone holds the key) is the authorisation, so a browser
 * can open it without a token for the hour it is valid.
 */
@Public()
@Controller('v1/exports')
export class PdfDownloadController {
  constructor(
    private readonly services: ServiceClient,
    private readonly env: GatewayEnv,
  ) {}

  @Get('pdf')
  async download(
    @Ctx() ctx: RequestContext,
    @Query() query: PdfDownloadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.services
      .send(
        ContentSubjects.pdfRender,
        ctx,
        {
          spaceId: query.space,
          revisionId: query.revision,
          changeRequestId: query.changeRequest,
          page: query.page,
          only: query.only === 'true',
          expires: query.expires,
          signature: query.signature,
        },
        // Rendering a few hundred pages takes longer than a read.
        this.env.PDF_RENDER_TIMEOUT_MS,
      )
      .catch((error: unknown) => {
        // Content's renderers are all busy: tell the client when to come back (the error filter keeps the header).
        const retryAfter = retryAfterSeconds(error);
        if (retryAfter !== undefined) void reply.header('retry-after', String(retryAfter));
        throw error;
      });
    void reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(pdfFilename(file.title)))
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, max-age=300');
    return Buffer.from(file.base64, 'base64');
  }
}

/** The delay content attaches to a 503 when it cannot take another render now. */
function retryAfterSeconds(error: unknown): number | undefined {
  if (!isAppError(error, 'busy')) return undefined;
  const seconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isInteger(seconds) && seconds > 0 ? seconds : undefined;
}
