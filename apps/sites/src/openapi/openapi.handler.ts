import {
  type List,
  type NoResult,
  OpenApiSubjects,
  type OpenApiSpec,
  type OpenApiSpecContent,
  type OpenApiSpecRawContent,
  type OpenApiSpecVersion,
  type OpenApiForSiteResult,
  type OpenApiPublishedResult,
  type OpenApiPutResult,
  type RpcEnvelope,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OpenApiService } from './openapi.service';

@Controller()
export class OpenApiHandler {
  constructor(private readonly openapi: OpenApiService) {}

  @MessagePattern(OpenApiSubjects.list)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof OpenApiSubjects.list>): Promise<List<OpenApiSpec>> {
    return this.openapi.list(ctx, data);
  }

  @MessagePattern(OpenApiSubjects.create)
  create(@Payload() { ctx, data }: RpcEnvelope<typeof OpenApiSubjects.create>): Promise<OpenApiSpec> {
    return this.openapi.create(ctx, data);
  }

  @MessagePattern(OpenApiSubjects.get)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof OpenApiSubjects.get>): Promise<OpenApiSpec> {
    return this.openapi.get(ctx, data);
  }

  @MessagePattern(OpenApiSubjects.put)
  put(@Payload() { ctx, data }: RpcEnvelope<typeof OpenApiSubjects.put>): Promise<OpenApiPutResult> {
    return this.openapi.put(ctx, data);
  }

  @MessagePattern(OpenApiSubjects.update)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof OpenApiSubjects.update>): Promise<OpenApiSpec> {
    return this.openapi.update(ctx, data);
  }

  @MessagePattern(OpenApiSubjects.delete)
  async delete(@Payload() { ctx, data }: RpcEnvelope<typeof OpenApiSubjects.delete>): Promise<NoResult> {
    await this.openapi.delete(ctx, data);
    return {};
  }

  @MessagePattern(OpenApiSubjects.versionList)
  versions(@Payload() { ctx, data }: RpcEnvelope<typeof OpenApiSubjects.versionList>): Promise<List<OpenApiSpecVersion>> {
    return this.openapi.listVersions(ctx, data);
  }

  @MessagePattern(OpenApiSubjects.versionGet)
  version(@Payload() { ctx, data }: RpcEnvelope<typeof OpenApiSubjects.versionGet>): Promise<OpenApiSpecVersion> {
    return this.openapi.getVersion(ctx, data);
  }

  @MessagePattern(OpenApiSubjects.versionContent)
  content(@Payload() { ctx, data }: RpcEnvelope<typeof OpenApiSubjects.versionContent>): Promise<OpenApiSpecContent> {
    return this.openapi.versionContent(ctx, data);
  }

  @MessagePattern(OpenApiSubjects.latestRaw)
  raw(@Payload() { ctx, data }: RpcEnvelope<typeof OpenApiSubjects.latestRaw>): Promise<OpenApiSpecRawContent> {
    return this.openapi.latestRaw(ctx, data);
  }

  /** Callerless (see `SitesCallerlessSubjects`): the spec id is the public link. */
  /** Callerless (the reader app): see OpenApiService.forSite. */
  @MessagePattern(OpenApiSubjects.forSite)
  forSite(@Payload() { data }: RpcEnvelope<typeof OpenApiSubjects.forSite>): Promise<OpenApiForSiteResult> {
    return this.openapi.forSite(data);
  }

  @MessagePattern(OpenApiSubjects.published)
  published(@Payload() { data }: RpcEnvelope<typeof OpenApiSubjects.published>): Promise<OpenApiPublishedResult> {
    return this.openapi.published(data);
  }
}
