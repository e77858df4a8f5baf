import {
  IdentitySubjects,
  type MemberRole,
  type MembershipsAmongResult,
  type RequestContext,
  roleAtLeast,
  type User,
} from '@bindery/contracts';
import { callerId, forbidden, notFound } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import type { OrganizationStanding } from './space-level';

/** The caller's standing in an organization: identity owns memberships, content asks it. */
@Injectable()
export class OrganizationAccess {
  constructor(private readonly services: ServiceClient) {}

  /**
   * The caller's role in the organization. A non-member gets `notFoundMessage` as a 404, the same
   * answer as for an id that does not exist, so another organization's ids reveal nothing.
   */
  async roleIn(ctx: RequestContext, organizationId: string, notFoundMessage: string): Promise<MemberRole | null> {
    const standing = await this.standingOf(ctx, organizationId, callerId(ctx));
    if (standing === undefined) throw notFound(notFoundMessage);
    return standing;
  }

  /** A user's role in the organization: null for a guest, undefined when not a member. */
  async standingOf(ctx: RequestContext, organizationId: string, userId: string): Promise<OrganizationStanding> {
    const result = await this.services.send(IdentitySubjects.membershipGet, ctx, { organizationId, userId });
    return result.member ? result.role : undefined;
  }

  /** Like roleIn, and a 403 when the role is below `minimum`. */
  async require(ctx: RequestContext, organizationId: string, minimum: MemberRole, notFoundMessage: string): Promise<MemberRole> {
    const role = await this.roleIn(ctx, organizationId, notFoundMessage);
    if (!roleAtLeast(role, minimum)) throw forbidden(`This needs the "${minimum}" role or higher in the organization`);
    return role!;
  }

  /** The enabled members among `userIds`, with their roles (unknown users and non-members are left out). */
  async membersAmong(ctx: RequestContext, organizationId: string, userIds: string[]): Promise<MembershipsAmongResult['members']> {
    const result = await this.services.send(IdentitySubjects.membershipsAmong, ctx, { organizationId, userIds });
    return result.members;
  }

  /** The organization's merge rules, which a space with `{type: "inherit"}` follows (identity owns them). */
  async organizationMergeRules(ctx: RequestContext, organizationId: string): Promise<unknown> {
    const organization = await this.services.send(IdentitySubjects.orgGet, ctx, { organizationId });
    return organization.mergeRules;
  }

  /** The caller as an embedded user, for `createdBy` and `mergedBy`. */
  currentUser(ctx: RequestContext): Promise<User> {
    return this.services.send(IdentitySubjects.userGetCurrent, ctx, {});
  }
}
