import { type RpcEnvelope, type RpcResult, SitesSubjects } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PublishedService } from '../published/published.service';
import { SortService } from '../structure/sort.service';
import { SitesService } from './sites.service';

const S = SitesSubjects;

@Controller()
export class SitesHandler {
  constructor(
    private readonly sites: SitesService,
    private readonly published: PublishedService,
    private readonly sorter: SortService,
  ) {}

  @MessagePattern(S.siteList)
  list(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteList>): Promise<RpcResult<typeof S.siteList>> {
    return this.sites.list(ctx, data);
  }

  @MessagePattern(S.siteCreate)
  create(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteCreate>): Promise<RpcResult<typeof S.siteCreate>> {
    return this.sites.create(ctx, data);
  }

  @MessagePattern(S.siteGet)
  get(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteGet>): Promise<RpcResult<typeof S.siteGet>> {
    return this.sites.get(ctx, data);
  }

  @MessagePattern(S.siteUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteUpdate>): Promise<RpcResult<typeof S.siteUpdate>> {
    return this.sites.update(ctx, data);
  }

  @MessagePattern(S.siteDelete)
  async delete(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteDelete>): Promise<RpcResult<typeof S.siteDelete>> {
    await this.sites.delete(ctx, data);
    return {};
  }

  @MessagePattern(S.sitePublish)
  publish(@Payload() { ctx, data }: RpcEnvelope<typeof S.sitePublish>): Promise<RpcResult<typeof S.sitePublish>> {
    return this.sites.setPublished(ctx, data, true);
  }

  @MessagePattern(S.siteUnpublish)
  unpublish(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteUnpublish>): Promise<RpcResult<typeof S.siteUnpublish>> {
    return this.sites.setPublished(ctx, data, false);
  }

  @MessagePattern(S.siteSort)
  sort(@Payload() { ctx, data }: RpcEnvelope<typeof S.siteSort>): Promise<RpcResult<typeof S.siteSort>> {
    return this.sorter.sort(ctx, data);
  }

  @MessagePattern(S.sitePublished)
  getPublished(@Payload() { ctx, data }: RpcEnvelope<typeof S.sitePublished>): Promise<RpcResult<typeof S.sitePublished>> {
    return this.published.forMember(ctx, data);
  }

  @MessagePattern(S.publishedLookup)
  lookup(@Payload() { ctx, data }: RpcEnvelope<typeof S.publishedLookup>): Promise<RpcResult<typeof S.publishedLookup>> {
    return this.published.lookup(ctx, data);
  }

  @MessagePattern(S.siteExists)
  async exists(@Payload() { data }: RpcEnvelope<typeof S.siteExists>): Promise<RpcResult<typeof S.siteExists>> {
    return { exists: await this.sites.exists(data.organizationId, data.siteId) };
  }

  @MessagePattern(S.adaptiveSchemaGet)
  adaptiveSchema(@Payload() { ctx, data }: RpcEnvelope<typeof S.adaptiveSchemaGet>): Promise<RpcResult<typeof S.adaptiveSchemaGet>> {
    return this.sites.adaptiveSchema(ctx, data);
  }

  @MessagePattern(S.adaptiveSchemaPut)
  putAdaptiveSchema(@Payload() { ctx, data }: RpcEnvelope<typeof S.adaptiveSchemaPut>): Promise<RpcResult<typeof S.adaptiveSchemaPut>> {
    return this.sites.putAdaptiveSchema(ctx, data);
  }

  @MessagePattern(S.adaptiveTemplateConditions)
  templateConditions(
    @Payload() { ctx, data }: RpcEnvelope<typeof S.adaptiveTemplateConditions>,
  ): Promise<RpcResult<typeof S.adaptiveTemplateConditions>> {
    return this.sites.templateConditions(ctx, data);
  }
}
