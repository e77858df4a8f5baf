import {
  ContentSubjects,
  type List,
  type MemberSpace,
  type MemberSpacesInput,
  type RequestContext,
  type SpaceListInput,
} from '@bindery/contracts';
import type { ServiceClient } from '@bindery/platform/nest';
import { forbidden, notFound } from '@bindery/platform';
import { Inject, Injectable } from '@nestjs/common';
import { canInspectMember } from '../permissions/access-rules';
import { OrganizationAccess } from '../permissions/organization-access.service';
import { memberSpacePermission } from '../permissions/space-permission';
import { CONTENT_CLIENT } from './content-client.provider';

/** Composes a member's spaces: the spaces and their default levels from content, the role from identity. */
@Injectable()
export class MemberSpacesService {
  constructor(
    private readonly access: OrganizationAccess,
    @Inject(CONTENT_CLIENT) private readonly content: ServiceClient,
  ) {}

  async list(ctx: RequestContext, input: MemberSpacesInput): Promise<List<MemberSpace>> {
    const caller = await this.access.require(ctx, input.organizationId, 'org.view');
    if (!canInspectMember({ role: caller.role }, caller.userId, input.userId))
      throw forbidden("Only admins can list another member's spaces");
    const role = await this.access.roleOf(input.organizationId, input.userId);
    if (role === undefined) throw notFound(`No member ${input.userId} in this organization`);
    const query: SpaceListInput = { organizationId: input.organizationId, page: input.page, limit: input.limit };
    const spaces = await this.content.send<List<{ defaultLevel?: unknown }>>(ContentSubjects.spaceList, ctx, query);
    // A page can come back shorter than `limit` when the member cannot reach some of its spaces.
    const items = spaces.items.flatMap((space) => {
      const permission = memberSpacePermission(role, space.defaultLevel);
      return permission ? [{ permission, space }] : [];
    });
    return { ...spaces, items };
  }
}
