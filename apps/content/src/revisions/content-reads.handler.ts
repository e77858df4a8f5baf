import {
  ContentSubjects,
  type Envelope,
  type FileGetInput,
  type FilesListInput,
  type List,
  type PageGetInput,
  type PagesListInput,
  type PagesListResult,
  type PublishedPagePathInput,
  type PublishedPagePathResult,
  type PublishedRevisionInput,
  type RevisionGetInput,
  type RevisionGetResult,
  type RevisionFile,
  type RevisionPage,
} from '@bindery/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ContentReadsService } from './content-reads.service';

/** Reads of a space's content, or of a change request's when `changeRequestId` is given. */
@Controller()
export class ContentReadsHandler {
  constructor(private readonly reads: ContentReadsService) {}

  @MessagePattern(ContentSubjects.revisionGet)
  revision(@Payload() { ctx, data }: Envelope<RevisionGetInput>): Promise<RevisionGetResult> {
    return this.reads.revision(ctx, data);
  }

  @MessagePattern(ContentSubjects.publishedRevision)
  publishedRevision(@Payload() { ctx, data }: Envelope<PublishedRevisionInput>): Promise<RevisionGetResult> {
    return this.reads.publishedRevision(ctx, data);
  }

  /** Callerless (the reader app): where an old page path of a published space leads now. */
  @MessagePattern(ContentSubjects.publishedPagePath)
  publishedPagePath(@Payload() { data }: Envelope<PublishedPagePathInput>): Promise<PublishedPagePathResult> {
    return this.reads.publishedPagePath(data);
  }

  @MessagePattern(ContentSubjects.pagesList)
  pages(@Payload() { ctx, data }: Envelope<PagesListInput>): Promise<PagesListResult> {
    return this.reads.pages(ctx, data);
  }

  @MessagePattern(ContentSubjects.pageGet)
  page(@Payload() { ctx, data }: Envelope<PageGetInput>): Promise<RevisionPage> {
    return this.reads.page(ctx, data);
  }

  @MessagePattern(ContentSubjects.filesList)
  files(@Payload() { ctx, data }: Envelope<FilesListInput>): Promise<List<RevisionFile>> {
    return this.reads.files(ctx, data);
  }

  @MessagePattern(ContentSubjects.fileGet)
  file(@Payload() { ctx, data }: Envelope<FileGetInput>): Promise<RevisionFile> {
    return this.reads.file(ctx, data);
  }
}
