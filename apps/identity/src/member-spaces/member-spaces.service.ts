import {
  ContentSubjects,
  type List,
  type MemberSpace,
  type MemberSpacesInput,
  type MemberSpacesListInput,
  type RequestContext,
} from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { forbidden, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { canInspectMember } from '../permissions/access-rules';
import { OrganizationAccess } from '../permissions/organization-access.service';

/**
 * A member's spaces. Identity decides who may look at this member; the spaces and the member's
 * level on each come from content, the one place that decides levels on spaces (organization
 * role, guests, default levels of spaces and collections).
 */
@Injectable()
export class MemberSpacesService {
  constructor(
    private readonly access: OrganizationAccess,
    private readonly content: ServiceClient,
  ) {}

  async list(ctx: RequestContext, input: MemberSpacesInput): Promise<List<MemberSpace>> {
    const caller = await this.access.require(ctx, input.organizationId, 'org.view');
    if (!canInspectMember({ role: caller.role }, caller.userId, input.userId))
      throw forbidden("Only admins can list another member's spaces");
    const role = await this.access.roleOf(input.organizationId, input.userId);
    if (role === undefined) throw notFound(`No member ${input.userId} in this organization`);
    const query: MemberSpacesListInput = {
      organizationId: input.organizationId,
      userId: input.userId,
      page: input.page,
      limit: input.limit,
    };
    return this.content.send(ContentSubjects.memberSpaces, ctx, query);
  }
}
