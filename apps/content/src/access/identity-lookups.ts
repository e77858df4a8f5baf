import { IdentitySubjects, type MembershipsAmongResult, type RequestContext } from '@bindery/contracts';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';

/**
 * What content reads of identity besides a caller's standing (which `OrganizationAccessClient`
 * from the platform answers, for content as for every service).
 */
@Injectable()
export class IdentityLookups {
  constructor(private readonly services: ServiceClient) {}

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
}
