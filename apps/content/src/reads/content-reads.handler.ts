import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import type { JsonAnswer } from '@bindery/platform/nest';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContentReadsService } from './content-reads.service';

const S = ContentSubjects;

/** Reads of a space's content, or of a change request's when `changeRequestId` is given. */
@Controller()
export class ContentReadsHandler {
  constructor(private readonly reads: ContentReadsService) {}

  @MessagePattern(S.revisionGet)
  revision(@Payload() { ctx, data }: RpcEnvelope<typeof S.revisionGet>): Promise<RpcResult<typeof S.revisionGet>> {
    return this.reads.revision(ctx, data);
  }

  @MessagePattern(S.publishedRevision)
  publishedRevision(@Payload() { ctx, data }: RpcEnvelope<typeof S.publishedRevision>): Promise<RpcResult<typeof S.publishedRevision>> {
    return this.reads.publishedRevision(ctx, data);
  }

  /** Callerless (the reader app): where an old page path of a published space leads now. */
  @MessagePattern(S.publishedPagePath)
  publishedPagePath(@Payload() { data }: RpcEnvelope<typeof S.publishedPagePath>): Promise<RpcResult<typeof S.publishedPagePath>> {
    return this.reads.publishedPagePath(data);
  }

  @MessagePattern(S.pagesList)
  pages(@Payload() { ctx, data }: RpcEnvelope<typeof S.pagesList>): Promise<JsonAnswer<RpcResult<typeof S.pagesList>>> {
    return this.reads.pages(ctx, data);
  }

  @MessagePattern(S.pageGet)
  page(@Payload() { ctx, data }: RpcEnvelope<typeof S.pageGet>): Promise<JsonAnswer<RpcResult<typeof S.pageGet>>> {
    return this.reads.page(ctx, data);
  }

  @MessagePattern(S.pageByPath)
  pageByPath(@Payload() { ctx, data }: RpcEnvelope<typeof S.pageByPath>): Promise<JsonAnswer<RpcResult<typeof S.pageByPath>>> {
    return this.reads.pageByPath(ctx, data);
  }

  @MessagePattern(S.filesList)
  files(@Payload() { ctx, data }: RpcEnvelope<typeof S.filesList>): Promise<RpcResult<typeof S.filesList>> {
    return this.reads.files(ctx, data);
  }

  @MessagePattern(S.fileGet)
  file(@Payload() { ctx, data }: RpcEnvelope<typeof S.fileGet>): Promise<RpcResult<typeof S.fileGet>> {
    return this.reads.file(ctx, data);
  }
}
