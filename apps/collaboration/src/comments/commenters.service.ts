import { type CommenterListInput, IdentitySubjects, type List, type Member, type RequestContext } from '@bindery/contracts';
import { isAppError, keysetPage, ServiceClient, toList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { CommentScopes } from './comment-scopes';
import { CommentsRepository } from './comments.repository';

/** Members asked of identity at once for one page. */
const MEMBER_LOOKUPS_AT_ONCE = 16;

/** The members who wrote a comment or reply on a space's main content or a change request. */
@Injectable()
export class CommentersService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly scopes: CommentScopes,
    private readonly services: ServiceClient,
  ) {}

  /**
   * Authors by user id, as Member objects from identity (asked with the caller's context, so
   * identity's own rule on who sees members applies). An author who left the organization is
   * left out of the page.
   */
  async list(ctx: RequestContext, input: CommenterListInput): Promise<List<Member>> {
    const { limit, take, after } = keysetPage(input, 1);
    const scope = await this.scopes.read(ctx, input);
    const { userIds, count } = await this.comments.commenters(scope.key, take, after === undefined ? undefined : String(after[0]));
    const members = new Map<string, Member>();
    const page = userIds.slice(0, limit);
    for (let i = 0; i < page.length; i += MEMBER_LOOKUPS_AT_ONCE) {
      const batch = page.slice(i, i + MEMBER_LOOKUPS_AT_ONCE);
      const found = await Promise.all(batch.map((userId) => this.member(ctx, scope.access.organization, userId)));
      for (const member of found) if (member) members.set(member.user.id, member);
    }
    const list = toList(
      userIds,
      limit,
      count,
      (id) => [id],
      (id) => members.get(id),
    );
    return { ...list, items: list.items.filter((m): m is Member => m !== undefined) };
  }

  private async member(ctx: RequestContext, organizationId: string, userId: string): Promise<Member | undefined> {
    try {
      return await this.services.send(IdentitySubjects.memberGet, ctx, { organizationId, userId });
    } catch (error) {
      if (isAppError(error, 'not_found')) return undefined;
      throw error;
    }
  }
}
