import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { GatewayEnv } from '../config/gateway.env';
import { Public } from '../common/public.decorator';
import { ApiDocsService, type ServedFile } from './api-docs.service';
import { ReferenceAssetParams } from './reference-asset.params';
import { REFERENCE_HTML, referenceCsp } from './reference-page';

/**
 * The API's own documentation, public (rate-limited per client address like every route without a
 * token): `/v1/openapi.json` and the reference page `/v1/reference` with its files.
 */
@Public()
@Controller('v1')
export class ApiDocsController {
  private readonly page: ServedFile = { body: Buffer.from(REFERENCE_HTML), type: 'text/html; charset=utf-8', etag: '' };
  private readonly csp: string;

  constructor(
    private readonly docs: ApiDocsService,
    env: GatewayEnv,
  ) {
    this.csp = referenceCsp(env.PUBLIC_URL);
  }

  @Get('openapi.json')
  document(@Headers('if-none-match') ifNoneMatch: string | undefined, @Res({ passthrough: true }) reply: FastifyReply): Buffer | undefined {
    return send(reply, this.docs.openApiDocument(), ifNoneMatch, 'public, no-cache');
  }

  @Get('reference')
  reference(@Res({ passthrough: true }) reply: FastifyReply): Buffer | undefined {
    void reply.header('content-security-policy', this.csp);
    return send(reply, this.page, undefined, 'public, no-cache');
  }

  @Get('reference/:asset')
  asset(
    @Param() params: ReferenceAssetParams,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Buffer | undefined {
    return send(reply, this.docs.asset(params.asset), ifNoneMatch, 'public, max-age=3600');
  }
}

function send(reply: FastifyReply, file: ServedFile, ifNoneMatch: string | undefined, cacheControl: string): Buffer | undefined {
  void reply.header('cache-control', cacheControl).header('x-content-type-options', 'nosniff');
  if (file.etag) void reply.header('etag', file.etag);
  if (file.etag && ifNoneMatch === file.etag) {
    void reply.status(304);
    return undefined;
  }
  void reply.header('content-type', file.type);
  return file.body;
}
