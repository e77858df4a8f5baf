import { type RpcEnvelope, type RpcResult, SitesSubjects } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OpenApiService } from './openapi.service';

const S = SitesSubjects;

@Controller()
export class OpenApiHandler {
  constructor(private readonly openapi: OpenApiService) {}

  @MessagePattern(S.openApiList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.openApiList>): Promise<RpcResult<typeof S.openApiList>> {
    return this.openapi.list(ctx, data);
  }

  @MessagePattern(S.openApiCreate)
  create(@Payload() { ctx, data }: RpcEnvelope<typeof S.openApiCreate>): Promise<RpcResult<typeof S.openApiCreate>> {
    return this.openapi.create(ctx, data);
  }

  @MessagePattern(S.openApiGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.openApiGet>): Promise<RpcResult<typeof S.openApiGet>> {
    return this.openapi.get(ctx, data);
  }

  @MessagePattern(S.openApiPut)
  put(@Payload() { ctx, data }: RpcEnvelope<typeof S.openApiPut>): Promise<RpcResult<typeof S.openApiPut>> {
    return this.openapi.put(ctx, data);
  }

  @MessagePattern(S.openApiUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.openApiUpdate>): Promise<RpcResult<typeof S.openApiUpdate>> {
    return this.openapi.update(ctx, data);
  }

  @MessagePattern(S.openApiDelete)
  async delete(@Payload() { ctx, data }: RpcEnvelope<typeof S.openApiDelete>): Promise<RpcResult<typeof S.openApiDelete>> {
    await this.openapi.delete(ctx, data);
    return {};
  }

  @MessagePattern(S.openApiVersionList)
  versions(@Payload() { ctx, data }: RpcEnvelope<typeof S.openApiVersionList>): Promise<RpcResult<typeof S.openApiVersionList>> {
    return this.openapi.listVersions(ctx, data);
  }

  @MessagePattern(S.openApiVersionGet)
  version(@Payload() { ctx, data }: RpcEnvelope<typeof S.openApiVersionGet>): Promise<RpcResult<typeof S.openApiVersionGet>> {
    return this.openapi.getVersion(ctx, data);
  }

  @MessagePattern(S.openApiVersionContent)
  content(@Payload() { ctx, data }: RpcEnvelope<typeof S.openApiVersionContent>): Promise<RpcResult<typeof S.openApiVersionContent>> {
    return this.openapi.versionContent(ctx, data);
  }

  @MessagePattern(S.openApiLatestRaw)
  raw(@Payload() { ctx, data }: RpcEnvelope<typeof S.openApiLatestRaw>): Promise<RpcResult<typeof S.openApiLatestRaw>> {
    return this.openapi.latestRaw(ctx, data);
  }

  /** Callerless (see `SitesCallerlessSubjects`): the spec id is the public link. */
  /** Callerless (the reader app): see OpenApiService.forSite. */
  @MessagePattern(S.openApiForSite)
  forSite(@Payload() { data }: RpcEnvelope<typeof S.openApiForSite>): Promise<RpcResult<typeof S.openApiForSite>> {
    return this.openapi.forSite(data);
  }

  @MessagePattern(S.openApiPublished)
  published(@Payload() { data }: RpcEnvelope<typeof S.openApiPublished>): Promise<RpcResult<typeof S.openApiPublished>> {
    return this.openapi.published(data);
  }
}
