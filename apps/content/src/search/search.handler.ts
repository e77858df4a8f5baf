import { ContentSubjects, type RpcEnvelope, type RpcResult } from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SearchService } from './search.service';

const S = ContentSubjects;

@Controller()
export class SearchHandler {
  constructor(private readonly searches: SearchService) {}

  @MessagePattern(S.spaceSearch)
  space(@Payload() { ctx, data }: RpcEnvelope<typeof S.spaceSearch>): Promise<RpcResult<typeof S.spaceSearch>> {
    return this.searches.space(ctx, data);
  }

  /** Callerless (the reader app): see SearchService.published. */
  @MessagePattern(S.publishedSearch)
  published(@Payload() { ctx, data }: RpcEnvelope<typeof S.publishedSearch>): Promise<RpcResult<typeof S.publishedSearch>> {
    return this.searches.published(ctx, data);
  }

  @MessagePattern(S.orgSearch)
  organization(@Payload() { ctx, data }: RpcEnvelope<typeof S.orgSearch>): Promise<RpcResult<typeof S.orgSearch>> {
    return this.searches.organization(ctx, data);
  }
}
