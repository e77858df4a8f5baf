import type { JsonDocument, RequestContext, ReusableContentGetInput, RevisionReusableContent } from '@bindery/contracts';
import { notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { StoredReusableContent } from '../model/reusable-contents';
import { emptyDocument } from '../model/page-tree';
import { toWireReusableContent } from '../pages/reusable-content.mapper';
import { ContentReader } from '../store/content-reader';
import { ContentStore } from '../store/content-store';
import { RevisionsRepository } from '../store/revisions.repository';

const NO_REUSABLE_CONTENT = 'No matching reusable content found';
const NO_REVISION = 'No matching revision found';

/**
 * Reusable contents of a space's current revision, of a change request's, or of any revision of
 * the space (official `getReusableContent…ById` and `getReusableContentDocumentInRevisionById`).
 */
@Injectable()
export class ReusableContentsService {
  constructor(
    private readonly reader: ContentReader,
    private readonly revisions: RevisionsRepository,
    private readonly store: ContentStore,
  ) {}

  async get(ctx: RequestContext, input: ReusableContentGetInput): Promise<RevisionReusableContent> {
    return toWireReusableContent(await this.find(ctx, input));
  }

  /** Its body; an empty reusable content has an empty document. */
  async document(ctx: RequestContext, input: ReusableContentGetInput): Promise<JsonDocument> {
    const found = await this.find(ctx, input);
    return found.document ? this.store.loadDocument(found.document) : emptyDocument();
  }

  private async find(ctx: RequestContext, input: ReusableContentGetInput): Promise<StoredReusableContent> {
    const { revision, space } = await this.reader.resolve(ctx, input);
    let list = revision.reusableContents;
    if (input.revisionId !== undefined) {
      const named = await this.revisions.find(input.revisionId);
      // Another space's revision is answered like an unknown one: its existence is not disclosed.
      if (!named || named.spaceId !== space.id) throw notFound(NO_REVISION);
      list = named.reusableContents;
    }
    const found = list.find((item) => item.id === input.reusableContentId);
    if (!found) throw notFound(NO_REUSABLE_CONTENT);
    return found;
  }
}
