import {
  type ComputedDocumentInput,
  type ComputedRevisionInput,
  type ComputedRevisionResult,
  ContentSubjects,
  type JsonDocument,
  type RequestContext,
} from '@bindery/contracts';
import { type JsonBytes, ServiceClient } from '@bindery/platform/nest';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { Ctx } from '../../common/request-context.decorator';
import { SpaceParams } from '../dto/content.params';
import { ComputedContentRequest } from './computed.request';
import { Relayed } from '../../common/relayed.decorator';

/** The official computed-content operations: what a computed source generates, without storing it. */
@Controller('v1/spaces/:spaceId/content/computed')
export class ComputedContentController {
  constructor(private readonly services: ServiceClient) {}

  /** `getComputedRevision`: the pages an OpenAPI source generates. */
  @Post('revision')
  @Relayed()
  @HttpCode(200)
  revision(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceParams,
    @Body() body: ComputedContentRequest,
  ): Promise<JsonBytes<ComputedRevisionResult>> {
    const input = { spaceId: params.spaceId, source: body.source, seed: body.seed } as unknown as ComputedRevisionInput;
    return this.services.relay(ContentSubjects.computedRevision, ctx, input);
  }

  /** `getComputedDocument`: the body of one generated page. */
  @Post('document')
  @Relayed()
  @HttpCode(200)
  document(
    @Ctx() ctx: RequestContext,
    @Param() params: SpaceParams,
    @Body() body: ComputedContentRequest,
  ): Promise<JsonBytes<JsonDocument>> {
    const input = { spaceId: params.spaceId, source: body.source, seed: body.seed } as unknown as ComputedDocumentInput;
    return this.services.relay(ContentSubjects.computedDocument, ctx, input);
  }
}
