import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LinksService } from './links.service';

const S = ContentSubjects;

/** Links and backlinks of a space's content, or of a change request's when `changeRequestId` is given. */
@Controller()
export class LinksHandler {
  constructor(private readonly links: LinksService) {}

  @MessagePattern(S.linksList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.linksList>): Promise<RpcResult<typeof S.linksList>> {
    return this.links.list(ctx, data);
  }

  @MessagePattern(S.pageLinksList)
  pageLinks(@Payload() { ctx, data }: RpcEnvelope<typeof S.pageLinksList>): Promise<RpcResult<typeof S.pageLinksList>> {
    return this.links.pageLinks(ctx, data);
  }

  @MessagePattern(S.pageBacklinksList)
  pageBacklinks(@Payload() { ctx, data }: RpcEnvelope<typeof S.pageBacklinksList>): Promise<RpcResult<typeof S.pageBacklinksList>> {
    return this.links.pageBacklinks(ctx, data);
  }

  @MessagePattern(S.fileBacklinksList)
  fileBacklinks(@Payload() { ctx, data }: RpcEnvelope<typeof S.fileBacklinksList>): Promise<RpcResult<typeof S.fileBacklinksList>> {
    return this.links.fileBacklinks(ctx, data);
  }
}
