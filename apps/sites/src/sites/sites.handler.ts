import { type NoResult, type RpcEnvelope, type RpcResult, SitesSubjects } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PublishedService } from '../published/published.service';
import { SortService } from '../structure/sort.service';
import { SitesService } from './sites.service';

type S = typeof SitesSubjects;

@Controller()
export class SitesHandler {
  constructor(
    private readonly sites: SitesService,
    private readonly published: PublishedService,
    private readonly sorter: SortService,
  ) {}

  @MessagePattern(SitesSubjects.siteList)
  list(@Payload() { ctx, data }: RpcEnvelope<S['siteList']>): Promise<RpcResult<S['siteList']>> {
    return this.sites.list(ctx, data);
  }

  @MessagePattern(SitesSubjects.siteCreate)
  create(@Payload() { ctx, data }: RpcEnvelope<S['siteCreate']>): Promise<RpcResult<S['siteCreate']>> {
    return this.sites.create(ctx, data);
  }

  @MessagePattern(SitesSubjects.siteGet)
  get(@Payload() { ctx, data }: RpcEnvelope<S['siteGet']>): Promise<RpcResult<S['siteGet']>> {
    return this.sites.get(ctx, data);
  }

  @MessagePattern(SitesSubjects.siteUpdate)
  update(@Payload() { ctx, data }: RpcEnvelope<S['siteUpdate']>): Promise<RpcResult<S['siteUpdate']>> {
    return this.sites.update(ctx, data);
  }

  @MessagePattern(SitesSubjects.siteDelete)
  async delete(@Payload() { ctx, data }: RpcEnvelope<S['siteDelete']>): Promise<NoResult> {
    await this.sites.delete(ctx, data);
    return {};
  }

  @MessagePattern(SitesSubjects.sitePublish)
  publish(@Payload() { ctx, data }: RpcEnvelope<S['sitePublish']>): Promise<RpcResult<S['sitePublish']>> {
    return this.sites.setPublished(ctx, data, true);
  }

  @MessagePattern(SitesSubjects.siteUnpublish)
  unpublish(@Payload() { ctx, data }: RpcEnvelope<S['siteUnpublish']>): Promise<RpcResult<S['siteUnpublish']>> {
    return this.sites.setPublished(ctx, data, false);
  }

  @MessagePattern(SitesSubjects.siteSort)
  sort(@Payload() { ctx, data }: RpcEnvelope<S['siteSort']>): Promise<RpcResult<S['siteSort']>> {
    return this.sorter.sort(ctx, data);
  }

  @MessagePattern(SitesSubjects.sitePublished)
  getPublished(@Payload() { ctx, data }: RpcEnvelope<S['sitePublished']>): Promise<RpcResult<S['sitePublished']>> {
    return this.published.forMember(ctx, data);
  }

  @MessagePattern(SitesSubjects.publishedLookup)
  lookup(@Payload() { ctx, data }: RpcEnvelope<S['publishedLookup']>): Promise<RpcResult<S['publishedLookup']>> {
    return this.published.lookup(ctx, data);
  }

  @MessagePattern(SitesSubjects.siteExists)
  async exists(@Payload() { data }: RpcEnvelope<S['siteExists']>): Promise<RpcResult<S['siteExists']>> {
    return { exists: await this.sites.exists(data.organizationId, data.siteId) };
  }

  @MessagePattern(SitesSubjects.adaptiveSchemaGet)
  adaptiveSchema(@Payload() { ctx, data }: RpcEnvelope<S['adaptiveSchemaGet']>): Promise<RpcResult<S['adaptiveSchemaGet']>> {
    return this.sites.adaptiveSchema(ctx, data);
  }

  @MessagePattern(SitesSubjects.adaptiveSchemaPut)
  putAdaptiveSchema(@Payload() { ctx, data }: RpcEnvelope<S['adaptiveSchemaPut']>): Promise<RpcResult<S['adaptiveSchemaPut']>> {
    return this.sites.putAdaptiveSchema(ctx, data);
  }

  @MessagePattern(SitesSubjects.adaptiveTemplateConditions)
  templateConditions(
    @Payload() { ctx, data }: RpcEnvelope<S['adaptiveTemplateConditions']>,
  ): Promise<RpcResult<S['adaptiveTemplateConditions']>> {
    return this.sites.templateConditions(ctx, data);
  }
}
