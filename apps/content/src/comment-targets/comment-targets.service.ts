import type { CommentTargetInput, CommentTargetResult, RequestContext } from '@bindery/contracts';
import { type Document, walkDocument } from '@bindery/document';
import { badRequest, callerId } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { spacePermissions } from '../access/space-permissions';
import { ContentReader } from '../store/content-reader';
import { ContentStore } from '../store/content-store';

/**
 * Checks a comment's target for collaboration: the page is in the revision commented on (the
 * space's current one, or the change request's), and the node is a block of that page's body.
 * Reading needs the `view` level; the caller's access comes with the answer, so collaboration
 * decides whether they may comment without a second call (and, for `comment`, the target is not
 * checked for a caller who may not: the 403 comes first, as before).
 */
@Injectable()
export class CommentTargetsService {
  constructor(
    private readonly reader: ContentReader,
    private readonly store: ContentStore,
  ) {}

  async check(ctx: RequestContext, input: CommentTargetInput): Promise<CommentTargetResult> {
    const content = await this.reader.resolve(ctx, { spaceId: input.spaceId, changeRequestId: input.changeRequestId });
    const permissions = spacePermissions(content.level);
    const result: CommentTargetResult = {
      spaceId: content.space.id,
      organizationId: content.space.organizationId,
      revisionId: content.revision.id,
      access: {
        space: content.space.id,
        organization: content.space.organizationId,
        user: callerId(ctx),
        level: content.level,
        permissions,
      },
    };
    if (content.changeRequest) result.changeRequestId = content.changeRequest.id;
    if (input.comment && !permissions.comment) return result;
    if (input.pageId === undefined) {
      if (input.nodeId !== undefined) throw badRequest('node: a block is commented on with its page (give page too)');
      return result;
    }
    const tree = await this.reader.tree(content.revision);
    const page = tree.pages.get(input.pageId);
    if (!page) throw badRequest(`page: no page ${input.pageId} in revision ${content.revision.id}`);
    if (input.nodeId !== undefined) {
      const document = page.document ? ((await this.store.loadDocument(page.document)) as unknown as Document) : undefined;
      if (!document || !hasNode(document, input.nodeId)) throw badRequest(`node: no block ${input.nodeId} in page ${input.pageId}`);
    }
    return result;
  }
}

function hasNode(document: Document, key: string): boolean {
  let found = false;
  walkDocument(document, (node) => {
    if ((node as { key?: unknown }).key === key) found = true;
    return !found;
  });
  return found;
}
