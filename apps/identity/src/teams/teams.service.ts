import {
  IdentityEvents,
  type List,
  type MemberTeam,
  type MemberTeamsInput,
  type RequestContext,
  type Team,
  type TeamCreatedEvent,
  type TeamCreateInput,
  type TeamDeletedEvent,
  type TeamInput,
  type TeamListInput,
  type TeamUpdateInput,
} from '@bindery/contracts';
import { addToOutbox, badRequest, forbidden, newId, notFound, pagedList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { can, canInspectMember, teamPermissions } from '../permissions/access-rules';
import { type OrgCaller, OrganizationAccess } from '../permissions/organization-access.service';
import { type TeamRow, toTeam } from './team-row';
import { TeamsRepository } from './teams.repository';

@Injectable()
export class TeamsService {
  constructor(
    private readonly teams: TeamsRepository,
    private readonly access: OrganizationAccess,
    private readonly db: DataSource,
  ) {}

  async list(ctx: RequestContext, input: TeamListInput): Promise<List<Team>> {
    const caller = await this.access.require(ctx, input.organizationId, 'teams.list');
    let manageableBy: { userId: string; isAdmin: boolean } | undefined;
    if (input.owner) {
      const ownerRole = await this.access.roleOf(input.organizationId, input.owner);
      if (ownerRole === undefined) throw badRequest(`owner: ${input.owner} is not a member of this organization`);
      manageableBy = { userId: input.owner, isAdmin: can('org.update', { role: ownerRole }) };
    }
    return this.page(caller, input, { title: input.title, manageableBy }, (row) => toTeam(row, caller.role));
  }

  /** The teams a member belongs to, with their role in each; visible to admins and the member. */
  async listForMember(ctx: RequestContext, input: MemberTeamsInput): Promise<List<MemberTeam>> {
    const caller = await this.access.require(ctx, input.organizationId, 'org.view');
    if (!canInspectMember({ role: caller.role }, caller.userId, input.userId))
      throw forbidden("Only admins can list another member's teams");
    if ((await this.access.roleOf(input.organizationId, input.userId)) === undefined)
      throw notFound(`No member ${input.userId} in this organization`);
    const list = await this.page(caller, input, { title: input.title, memberId: input.userId }, (row) => row);
    const roles = await this.access.teamRolesOf(input.organizationId, input.userId);
    return {
      ...list,
      items: list.items.map((row) => ({ team: toTeam(row, caller.role), member: { role: roles.get(row.id) ?? 'member' } })),
    };
  }

  async get(ctx: RequestContext, { organizationId, teamId }: TeamInput): Promise<Team> {
    const caller = await this.access.require(ctx, organizationId, 'org.view');
    const row = await this.visibleTeam(caller, teamId);
    return toTeam(row, caller.role);
  }

  /** Admin-only; the listed members join as plain team members. */
  async create(ctx: RequestContext, input: TeamCreateInput): Promise<Team> {
    const caller = await this.access.require(ctx, input.organizationId, 'teams.create');
    const members = await this.resolveAll(input.organizationId, input.members ?? [], 'members');
    const teamId = newId();
    await this.db.transaction(async (manager) => {
      await this.teams.insert(manager, { id: teamId, organizationId: input.organizationId, title: input.title.trim() });
      await this.teams.addMembers(manager, input.organizationId, teamId, members);
      const event: TeamCreatedEvent = { organizationId: input.organizationId, teamId };
      await addToOutbox(manager, IdentityEvents.teamCreated, event);
    });
    return toTeam((await this.teams.find(input.organizationId, teamId, caller.userId))!, caller.role);
  }

  /** Admins and the team's owners may rename it. */
  async update(ctx: RequestContext, input: TeamUpdateInput): Promise<Team> {
    const caller = await this.access.require(ctx, input.organizationId, 'org.view');
    await this.managedTeam(caller, input.teamId);
    await this.teams.updateTitle(input.organizationId, input.teamId, input.title.trim());
    return toTeam((await this.teams.find(input.organizationId, input.teamId, caller.userId))!, caller.role);
  }

  /** Admin-only; absent teams are a no-op. Other contexts drop the team's grants on `identity.team.deleted`. */
  async delete(ctx: RequestContext, { organizationId, teamId }: TeamInput): Promise<void> {
    await this.access.require(ctx, organizationId, 'teams.create');
    await this.db.transaction(async (manager) => {
      if (!(await this.teams.delete(manager, organizationId, teamId))) return;
      const event: TeamDeletedEvent = { organizationId, teamId, deletedAt: new Date().toISOString() };
      await addToOutbox(manager, IdentityEvents.teamDeleted, event);
    });
  }

  /** A team the caller may see: unknown ids are 404, teams hidden from guests 403. */
  async visibleTeam(caller: OrgCaller, teamId: string): Promise<TeamRow> {
    const row = await this.teams.find(caller.organizationId, teamId, caller.userId);
    if (!row) throw notFound('No matching team found');
    if (!teamPermissions({ role: caller.role, teamRole: row.caller_role ?? undefined }).view) throw forbidden('You cannot see this team');
    return row;
  }

  /** A team the caller may manage (admin or team owner), else 403. */
  async managedTeam(caller: OrgCaller, teamId: string): Promise<TeamRow> {
    const row = await this.visibleTeam(caller, teamId);
    if (!teamPermissions({ role: caller.role, teamRole: row.caller_role ?? undefined }).admin) {
      throw forbidden('Only admins and team owners can manage this team');
    }
    return row;
  }

  /** User ids of the given ids or emails; any that is not a member of the organization is a 400 naming it. */
  async resolveAll(organizationId: string, identifiers: string[], field: string): Promise<string[]> {
    return [...new Set((await this.resolveEach(organizationId, identifiers, field)).values())];
  }

  /** Each given id or email mapped to its user id, with the same 400 as resolveAll. */
  async resolveEach(organizationId: string, identifiers: string[], field: string): Promise<Map<string, string>> {
    if (identifiers.length === 0) return new Map();
    const { ids, unknown } = await this.teams.resolveMembers(organizationId, identifiers);
    if (unknown.length > 0) throw badRequest(`${field}: not members of this organization: ${unknown.join(', ')}`);
    return ids;
  }

  private page<T>(
    caller: OrgCaller,
    query: { page?: string; limit?: number },
    filter: Parameters<TeamsRepository['list']>[2],
    map: (row: TeamRow) => T,
  ): Promise<List<T>> {
    return pagedList(
      query,
      (limit, after) => this.teams.list(caller.organizationId, caller.userId, filter, limit, after),
      (r) => [r.created_at.toISOString(), r.id],
      map,
    );
  }
}
