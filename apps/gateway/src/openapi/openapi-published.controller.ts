import { type RequestContext, SitesSubjects } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Public } from '../common/public.decorator';
import { Ctx } from '../common/request-context.decorator';
import { OpenApiPublishedParams } from './dto/openapi.request';

/**
 * `urls.published` of a spec whose organization made it public: the latest version's bundled
 * document, without a token (the unguessable spec id is the link). Private specs are a 404 here.
 * The ETag is the document's hash; every use revalidates (`no-cache`), answered 304 when current,
 * so a spec made private again stops being served at once.
 */
@Public()
@Controller('v1/openapi')
export class OpenApiPublishedController {
  constructor(private readonly services: ServiceClient) {}

  @Get(':specId/published')
  async published(
    @Ctx() ctx: RequestContext,
    @Param() params: OpenApiPublishedParams,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string | undefined> {
    const result = await this.services.send(SitesSubjects.openApiPublished, ctx, {
      specId: params.specId,
      ...(ifNoneMatch ? { ifNoneMatch } : {}),
    });
    void reply.header('etag', result.etag).header('cache-control', 'public, no-cache').header('x-content-type-options', 'nosniff');
    if (result.notModified) {
      void reply.status(304);
      return undefined;
    }
    void reply.header('content-type', 'application/json; charset=utf-8');
    return result.json;
  }
}
