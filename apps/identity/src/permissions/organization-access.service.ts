import type { MemberRole, RequestContext } from '@bindery/contracts';
import { forbidden, notFound, unauthorized } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { can, type OrgAction } from './access-rules';

/** The caller, established as a member of one organization. */
export interface OrgCaller {
  userId: string;
  organizationId: string;
  role: MemberRole | null;
}

/** Authorises identity calls against the role matrix of `access-rules`. */
@Injectable()
export class OrganizationAccess {
  constructor(private readonly db: DataSource) {}

  /**
   * The caller's membership, checked against `action`. Not a member: 404 (the same answer as an
   * unknown organization, so other organizations' ids leak nothing); a member lacking the right: 403.
   */
  async require(ctx: RequestContext, organizationId: string, action: OrgAction): Promise<OrgCaller> {
    const userId = callerId(ctx);
    const rows: Array<{ role: MemberRole | null }> = await this.db.query(
      'SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2 AND NOT disabled',
      [organizationId, userId],
    );
    if (rows.length === 0) throw notFound('No matching organization found');
    const role = rows[0].role;
    if (!can(action, { role })) throw forbidden(`Your role in this organization does not allow this (${action})`);
    return { userId, organizationId, role };
  }

  /** The team role of a user in a team of the organization, if any. */
  async teamRoleOf(organizationId: string, teamId: string, userId: string): Promise<'owner' | 'member' | undefined> {
    const rows: Array<{ role: 'owner' | 'member' }> = await this.db.query(
      'SELECT role FROM team_members WHERE organization_id = $1 AND team_id = $2 AND user_id = $3',
      [organizationId, teamId, userId],
    );
    return rows[0]?.role;
  }
}

export function callerId(ctx: RequestContext): string {
  if (!ctx.caller) throw unauthorized();
  return ctx.caller.userId;
}
