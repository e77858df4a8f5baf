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
    const role = await this.roleOf(organizationId, userId);
    if (role === undefined) throw notFound('No matching organization found');
    if (!can(action, { role })) throw forbidden(`Your role in this organization does not allow this (${action})`);
    return { userId, organizationId, role };
  }

  /** A user's role in the organization: null for a guest, undefined when not an (enabled) member. */
  async roleOf(organizationId: string, userId: string): Promise<MemberRole | null | undefined> {
    const rows: Array<{ role: MemberRole | null }> = await this.db.query(
      'SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2 AND NOT disabled',
      [organizationId, userId],
    );
    return rows.length === 0 ? undefined : rows[0].role;
  }

  /** A user's role in each team of the organization they belong to. */
  async teamRolesOf(organizationId: string, userId: string): Promise<Map<string, 'owner' | 'member'>> {
    const rows: Array<{ team_id: string; role: 'owner' | 'member' }> = await this.db.query(
      'SELECT team_id, role FROM team_members WHERE organization_id = $1 AND user_id = $2',
      [organizationId, userId],
    );
    return new Map(rows.map((r) => [r.team_id, r.role]));
  }
}

export function callerId(ctx: RequestContext): string {
  if (!ctx.caller) throw unauthorized();
  return ctx.caller.userId;
}
