import {
  type ContentLocation,
  ContentSubjects,
  type Envelope,
  type FileBacklinksInput,
  type LinkList,
  type LinksListInput,
  type List,
  type PageBacklinksInput,
  type PageLinksListInput,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { LinksService } from './links.service';

/** Links and backlinks of a space's content, or of a change request's when `changeRequestId` is given. */
@Controller()
export class LinksHandler {
  constructor(private readonly links: LinksService) {}

  @MessagePattern(ContentSubjects.linksList)
  list(@Payload() { ctx, data }: Envelope<LinksListInput>): Promise<LinkList> {
    return this.links.list(ctx, data);
  }

  @MessagePattern(ContentSubjects.pageLinksList)
  pageLinks(@Payload() { ctx, data }: Envelope<PageLinksListInput>): Promise<LinkList> {
    return this.links.pageLinks(ctx, data);
  }

  @MessagePattern(ContentSubjects.pageBacklinksList)
  pageBacklinks(@Payload() { ctx, data }: Envelope<PageBacklinksInput>): Promise<List<ContentLocation>> {
    return this.links.pageBacklinks(ctx, data);
  }

  @MessagePattern(ContentSubjects.fileBacklinksList)
  fileBacklinks(@Payload() { ctx, data }: Envelope<FileBacklinksInput>): Promise<List<ContentLocation>> {
    return this.links.fileBacklinks(ctx, data);
  }
}
