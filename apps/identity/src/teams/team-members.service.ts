import {
  IdentityEvents,
  type List,
  type RequestContext,
  type TeamMember,
  type TeamMemberInput,
  type TeamMemberListInput,
  type TeamMemberPutInput,
  type TeamMemberRole,
  type TeamMembersChangedEvent,
  type TeamMembersUpdateInput,
} from '@bindery/contracts';
import { addToOutbox, notFound, pagedList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { toMember } from '../members/member-row';
import { OrganizationAccess } from '../permissions/organization-access.service';
import { TeamMembersRepository } from './team-members.repository';
import { TeamsRepository } from './teams.repository';
import { TeamsService } from './teams.service';

@Injectable()
export class TeamMembersService {
  constructor(
    private readonly teamMembers: TeamMembersRepository,
    private readonly teamsRepo: TeamsRepository,
    private readonly teams: TeamsService,
    private readonly access: OrganizationAccess,
    private readonly db: DataSource,
  ) {}

  async list(ctx: RequestContext, input: TeamMemberListInput): Promise<List<TeamMember>> {
    const caller = await this.access.require(ctx, input.organizationId, 'org.view');
    await this.teams.visibleTeam(caller, input.teamId);
    return pagedList(
      input,
      (limit, after) => this.teamMembers.list(input.teamId, limit, after),
      (r) => [r.added_at.toISOString(), r.user_id],
      (r) => ({ organization: toMember(r, ctx.baseUrl), team: { role: r.team_role }, permissions: { view: true } }),
    );
  }

  /**
   * Bulk change by admins and team owners. Everyone named must be a member of the organization
   * (400 naming them otherwise); a user both added and removed ends up removed.
   */
  async update(ctx: RequestContext, input: TeamMembersUpdateInput): Promise<void> {
    const caller = await this.access.require(ctx, input.organizationId, 'org.view');
    await this.teams.managedTeam(caller, input.teamId);
    const removed = new Set(await this.teams.resolveAll(input.organizationId, input.remove ?? [], 'remove'));
    const added = (await this.teams.resolveAll(input.organizationId, input.add ?? [], 'add')).filter((id) => !removed.has(id));
    const roleEntries = Object.entries(input.memberships ?? {});
    const roleIds = await this.teams.resolveEach(
      input.organizationId,
      roleEntries.map(([user]) => user),
      'memberships',
    );
    const roles = roleEntries
      .map(([user, { role }]): { userId: string; role: TeamMemberRole } => ({ userId: roleIds.get(user)!, role }))
      .filter((m) => !removed.has(m.userId));
    await this.db.transaction(async (manager) => {
      if (!(await this.teamsRepo.lock(manager, input.organizationId, input.teamId))) throw notFound('No matching team found');
      await this.teamsRepo.removeMembers(manager, input.teamId, [...removed]);
      await this.teamsRepo.addMembers(manager, input.organizationId, input.teamId, added);
      await this.teamsRepo.upsertMembers(manager, input.organizationId, input.teamId, roles);
      const event: TeamMembersChangedEvent = { organizationId: input.organizationId, teamId: input.teamId, added, removed: [...removed] };
      await addToOutbox(manager, IdentityEvents.teamMembersChanged, event);
    });
  }

  /** Adds one member with a role (default `member`) or changes its role. */
  async put(ctx: RequestContext, input: TeamMemberPutInput): Promise<void> {
    const caller = await this.access.require(ctx, input.organizationId, 'org.view');
    await this.teams.managedTeam(caller, input.teamId);
    if ((await this.access.roleOf(input.organizationId, input.userId)) === undefined)
      throw notFound(`No member ${input.userId} in this organization`);
    await this.db.transaction(async (manager) => {
      await this.teamsRepo.upsertMembers(manager, input.organizationId, input.teamId, [
        { userId: input.userId, role: input.role ?? 'member' },
      ]);
      const event: TeamMembersChangedEvent = {
        organizationId: input.organizationId,
        teamId: input.teamId,
        added: [input.userId],
        removed: [],
      };
      await addToOutbox(manager, IdentityEvents.teamMembersChanged, event);
    });
  }

  /** Removes one member; a user who is not in the team is a no-op. */
  async remove(ctx: RequestContext, input: TeamMemberInput): Promise<void> {
    const caller = await this.access.require(ctx, input.organizationId, 'org.view');
    await this.teams.managedTeam(caller, input.teamId);
    await this.db.transaction(async (manager) => {
      await this.teamsRepo.removeMembers(manager, input.teamId, [input.userId]);
      const event: TeamMembersChangedEvent = {
        organizationId: input.organizationId,
        teamId: input.teamId,
        added: [],
        removed: [input.userId],
      };
      await addToOutbox(manager, IdentityEvents.teamMembersChanged, event);
    });
  }
}
