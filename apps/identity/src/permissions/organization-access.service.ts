import type { MemberRole, RequestContext } from '@bindery/contracts';
import { callerId, forbidden, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { can, type OrgAction } from './access-rules';
import { RolesRepository } from './roles.repository';

/** The caller, established as a member of one organization. */
export interface OrgCaller {
  userId: string;
  organizationId: string;
  role: MemberRole | null;
}

/** Authorises identity calls against the role matrix of `access-rules`. */
@Injectable()
export class OrganizationAccess {
  constructor(private readonly roles: RolesRepository) {}

  /**
   * The caller's membership, checked against `action`. Not a member: 404 (the same answer as an
   * unknown organization, so other organizations' ids leak nothing); a member lacking the right: 403.
   */
  async require(ctx: RequestContext, organizationId: string, action: OrgAction): Promise<OrgCaller> {
    const userId = callerId(ctx);
    const role = await this.roleOf(organizationId, userId);
    if (role === undefined) throw notFound('No matching organization found');
    if (!can(action, { role })) throw forbidden(`Your role in this organization does not allow this (${action})`);
    return { userId, organizationId, role };
  }

  /** A user's role in the organization: null for a guest, undefined when not an (enabled) member. */
  roleOf(organizationId: string, userId: string): Promise<MemberRole | null | undefined> {
    return this.roles.organizationRole(organizationId, userId);
  }

  /** A user's role in each team of the organization they belong to. */
  teamRolesOf(organizationId: string, userId: string): Promise<Map<string, 'owner' | 'member'>> {
    return this.roles.teamRoles(organizationId, userId);
  }
}
