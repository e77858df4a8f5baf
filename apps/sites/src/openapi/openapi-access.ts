import { IdentitySubjects, type MemberRole, type RequestContext, roleAtLeast } from '@bindery/contracts';
import { callerId, forbidden, notFound } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';

/** The caller's standing in an organization, asked of identity (which owns memberships). */
@Injectable()
export class OpenApiAccess {
  constructor(private readonly services: ServiceClient) {}

  /**
   * The caller's role; a non-member (or a guest, who sees no spec) gets the same 404 as an
   * organization that does not exist, so another organization's ids reveal nothing.
   */
  async roleIn(ctx: RequestContext, organizationId: string): Promise<MemberRole> {
    const result = await this.services.send(IdentitySubjects.membershipGet, ctx, { organizationId, userId: callerId(ctx) });
    if (!result.member || result.role === null) throw notFound('No organization with this id');
    return result.role;
  }

  /** Like roleIn, and a 403 below `create` (the organization's `createOpenAPISpec` permission). */
  async requireEdit(ctx: RequestContext, organizationId: string): Promise<MemberRole> {
    const role = await this.roleIn(ctx, organizationId);
    if (!canEdit(role)) throw forbidden('Managing OpenAPI specs needs the "create" role or higher in the organization');
    return role;
  }
}

export const canEdit = (role: MemberRole): boolean => roleAtLeast(role, 'create');
