import { ContentSubjects, type RequestContext } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/public.decorator';
import { Ctx } from '../common/request-context.decorator';
import { FileDownloadParams, FileDownloadQuery } from './dto/file-download.request';

/** Types a browser may render inline; anything else is served as an attachment. */
const INLINE_TYPES = /^(image\/(png|jpeg|gif|webp|avif|bmp)|video\/[a-z0-9.+-]+|audio\/[a-z0-9.+-]+|application\/pdf|text\/plain)$/i;

/**
 * The target of a file's `downloadURL`. Public: the URL's signature (checked by content, which
 * alone holds the key) is the authorisation, so <img> tags and browsers can fetch it.
 */
@Public()
@Controller('v1/files')
export class FilesDownloadController {
  constructor(private readonly services: ServiceClient) {}

  @Get(':hash/download')
  async download(
    @Ctx() ctx: RequestContext,
    @Param() params: FileDownloadParams,
    @Query() query: FileDownloadQuery,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    const file = await this.services.send(ContentSubjects.fileDownload, ctx, {
      hash: params.hash,
      contentType: query.type,
      expires: query.expires,
      signature: query.signature,
    });
    // Uploaded bytes are served from the API's origin: never let a browser run them as a page.
    void reply
      .header('content-type', file.contentType)
      .header('content-disposition', INLINE_TYPES.test(file.contentType) ? 'inline' : 'attachment')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cache-control', 'private, max-age=300');
    return Buffer.from(file.base64, 'base64');
  }
}
