import {
  ContentSubjects,
  type Envelope,
  type List,
  type OrgSearchInput,
  type PublishedSearchInput,
  type SearchPageResult,
  type SearchSpaceResult,
  type SpaceSearchInput,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SearchService } from './search.service';

@Controller()
export class SearchHandler {
  constructor(private readonly searches: SearchService) {}

  @MessagePattern(ContentSubjects.spaceSearch)
  space(@Payload() { ctx, data }: Envelope<SpaceSearchInput>): Promise<List<SearchPageResult>> {
    return this.searches.space(ctx, data);
  }

  /** Callerless (the reader app): see SearchService.published. */
  @MessagePattern(ContentSubjects.publishedSearch)
  published(@Payload() { ctx, data }: Envelope<PublishedSearchInput>): Promise<List<SearchPageResult>> {
    return this.searches.published(ctx, data);
  }

  @MessagePattern(ContentSubjects.orgSearch)
  organization(@Payload() { ctx, data }: Envelope<OrgSearchInput>): Promise<List<SearchSpaceResult>> {
    return this.searches.organization(ctx, data);
  }
}
