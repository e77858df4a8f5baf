import { IdentitySubjects, type RequestContext, roleAtLeast } from '@bindery/contracts';
import { callerId, forbidden, notFound } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';

/** The caller's standing in an organization: identity owns memberships, conversations asks it. */
@Injectable()
export class OrganizationAccess {
  constructor(private readonly services: ServiceClient) {}

  /** Any member reads (`permissions.view`); a non-member gets the 404 of an unknown organization. */
  async requireMember(ctx: RequestContext, organizationId: string): Promise<void> {
    const result = await this.services.send(IdentitySubjects.membershipGet, ctx, { organizationId, userId: callerId(ctx) });
    if (!result.member) throw notFound('Organization not found');
  }

  /** Ingestion is `permissions.ingestConversations`: admins (identity's permission matrix). */
  async requireIngest(ctx: RequestContext, organizationId: string): Promise<void> {
    const result = await this.services.send(IdentitySubjects.membershipGet, ctx, { organizationId, userId: callerId(ctx) });
    if (!result.member) throw notFound('Organization not found');
    if (!roleAtLeast(result.role, 'admin')) throw forbidden('Ingesting conversations needs the "admin" role in the organization');
  }
}
