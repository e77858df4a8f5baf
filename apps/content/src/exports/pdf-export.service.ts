import type { PdfExportInput, PdfExportUrl, PdfFile, PdfGrant, PdfRenderInput, RequestContext } from '@bindery/contracts';
import { AppError, badRequest, forbidden, notFound } from '@bindery/platform';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../clock/clock';
import { DownloadSigner } from '../files/download-signer';
import { FILE_STORAGE, type FileStorage } from '../store/file-storage/file-storage';
import type { StoredFile } from '../model/file-list';
import type { PageTree } from '../model/page-tree';
import { ContentReader } from '../store/content-reader';
import { ContentStore } from '../store/content-store';
import { RevisionsRepository } from '../store/revisions.repository';
import { NO_SPACE } from '../store/space-access';
import { SpacesRepository } from '../store/spaces.repository';
import { pdfGrantFields, pdfGrantUrl } from './pdf-grant';
import { imageFileIds, imagesToEmbed } from './pdf-images';
import { layoutDocument } from './pdf-layout';
import { MAX_PDF_BYTES, MAX_PDF_IMAGE_BYTES, MAX_PDF_PAGES, MAX_PDF_SOURCE_BYTES, RENDERED_PDF_CACHE_CHARS } from './pdf-limits';
import { pagesInScope, type ScopedPage } from './pdf-scope';
import { PdfRenderPool } from './pdf-render-pool';
import type { PdfPage } from './pdf-writer';
import { renderedPdfCache, renderedPdfKey } from './rendered-pdf-cache';

/**
 * PDF exports of a space's or a change request's content. Issuing checks access and the size of
 * the export and signs a grant bound to the revision current at that moment; rendering trusts
 * only the grant's signature (the URL is public for an hour, like a file's `downloadURL`).
 */
@Injectable()
export class PdfExportService {
  private readonly rendered = renderedPdfCache(RENDERED_PDF_CACHE_CHARS);

  constructor(
    private readonly reader: ContentReader,
    private readonly store: ContentStore,
    private readonly revisions: RevisionsRepository,
    private readonly spaces: SpacesRepository,
    private readonly signer: DownloadSigner,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly renderer: PdfRenderPool,
  ) {}

  async issue(ctx: RequestContext, input: PdfExportInput): Promise<PdfExportUrl> {
    const only = input.only === true;
    if (only && input.page === undefined) throw badRequest('only=true exports a single page: pass its id as "page"');
    const content = await this.reader.resolve(ctx, input);
    const tree = await this.reader.tree(content.revision);
    const scope = this.scope(tree, input.page, only);
    await this.checkSize(scope);
    const grant: PdfGrant = {
      spaceId: content.space.id,
      revisionId: content.revision.id,
      changeRequestId: content.changeRequest?.id,
      page: input.page,
      only,
      expires: this.signer.expiresAt(this.clock.now()),
    };
    return { url: pdfGrantUrl(ctx.baseUrl, grant, this.signer.signFields(pdfGrantFields(grant))) };
  }

  async render(input: PdfRenderInput): Promise<PdfFile> {
    const { signature, ...grant } = input;
    const refused = this.signer.checkFields(pdfGrantFields(grant), grant.expires, signature, this.clock.now());
    if (refused === 'bad-signature') throw forbidden('The PDF URL signature is invalid');
    if (refused === 'expired') throw forbidden('The PDF URL has expired; ask for the PDF again for a fresh one');
    // The space may have been deleted since the URL was issued: its content is no longer served.
    const space = await this.spaces.find(grant.spaceId);
    if (!space || space.deletedAt) throw notFound(NO_SPACE);
    const revision = await this.revisions.find(grant.revisionId);
    if (!revision || revision.spaceId !== space.id) throw notFound('No matching revision found');
    const tree = await this.store.snapshot(revision.pages);
    const scope = this.scope(tree, grant.page, grant.only);
    const title = grant.page !== undefined ? scope[0].page.meta.title : space.title;
    const key = renderedPdfKey(revision.id, grant.page, grant.only, title);
    const cached = this.rendered.get(key);
    if (cached !== undefined) return { title, base64: cached };
    const pages = await this.layout(scope);
    const images = await this.images(pages, revision.files);
    // Drawn in a worker thread with bounded time and memory (pdf-render-pool.ts), not on this event loop.
    const { base64 } = await this.renderer.render({ title, pages, images });
    if (base64 === undefined)
      throw new AppError(413, `The PDF would exceed ${MAX_PDF_BYTES / 1024 / 1024} MB; export a smaller part with "page"`);
    this.rendered.set(key, base64);
    return { title, base64 };
  }

  private scope(tree: PageTree, pageId: string | undefined, only: boolean): ScopedPage[] {
    const scope = pagesInScope(tree, pageId, only);
    if (!scope) throw notFound(`page: no page "${pageId}" in this content`);
    return scope;
  }

  /** Refuses, before the URL is handed out, an export too large to render and send in one reply. */
  private async checkSize(scope: ScopedPage[]): Promise<void> {
    if (scope.length > MAX_PDF_PAGES) {
      throw badRequest(
        `page: the export holds ${scope.length} pages, more than the ${MAX_PDF_PAGES} a PDF may; export a part of the space with "page"`,
      );
    }
    const documents = await this.store.loadDocuments(scope.flatMap(({ page }) => (page.document ? [page.document] : [])));
    let bytes = 0;
    for (const { page } of scope) bytes += page.document ? JSON.stringify(documents.get(page.document) ?? '').length : 0;
    if (bytes > MAX_PDF_SOURCE_BYTES) {
      throw badRequest(
        `page: the export holds ${Math.ceil(bytes / 1024 / 1024)} MB of content, more than the ${MAX_PDF_SOURCE_BYTES / 1024 / 1024} MB a PDF may; export a part of the space with "page"`,
      );
    }
  }

  private async layout(scope: ScopedPage[]): Promise<PdfPage[]> {
    const documents = await this.store.loadDocuments(scope.flatMap(({ page }) => (page.document ? [page.document] : [])));
    return scope.map(({ page, depth }) => {
      const document = page.document ? documents.get(page.document) : undefined;
      return { title: page.meta.title, description: page.meta.description, depth, blocks: layoutDocument(document?.nodes ?? []) };
    });
  }

  private async images(pages: PdfPage[], files: StoredFile[]): Promise<Map<string, Buffer>> {
    const chosen = imagesToEmbed(imageFileIds(pages), files, MAX_PDF_IMAGE_BYTES);
    const loaded = await Promise.all(chosen.map(async (file) => [file.id, await this.storage.get(file.hash)] as const));
    return new Map(loaded.filter((entry): entry is readonly [string, Buffer] => entry[1] !== null));
  }
}
