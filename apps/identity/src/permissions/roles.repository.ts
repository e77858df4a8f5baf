import type { MemberRole } from '@bindery/contracts';
import { preparedQuery } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The rows permissions are decided on: organization memberships and team memberships. */
@Injectable()
export class RolesRepository {
  constructor(private readonly db: DataSource) {}

  /** A user's role in the organization: null for a guest, undefined when not an (enabled) member. */
  async organizationRole(organizationId: string, userId: string): Promise<MemberRole | null | undefined> {
    // Asked once per request of every service (`identity.membership.get`): planned once per connection.
    const rows = await preparedQuery<{ role: MemberRole | null }>(
      this.db,
      'identity.organization_role',
      'SELECT role FROM memberships WHERE organization_id = $1 AND user_id = $2 AND NOT disabled',
      [organizationId, userId],
    );
    return rows.length === 0 ? undefined : rows[0].role;
  }

  /** A user's role in each team of the organization they belong to. */
  async teamRoles(organizationId: string, userId: string): Promise<Map<string, 'owner' | 'member'>> {
    const rows: Array<{ team_id: string; role: 'owner' | 'member' }> = await this.db.query(
      'SELECT team_id, role FROM team_members WHERE organization_id = $1 AND user_id = $2',
      [organizationId, userId],
    );
    return new Map(rows.map((r) => [r.team_id, r.role]));
  }
}
