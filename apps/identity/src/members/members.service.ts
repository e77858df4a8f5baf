import {
  IdentityEvents,
  type List,
  type Member,
  type MemberInput,
  type MemberListInput,
  type MemberRemovedEvent,
  type MemberRoleOrGuest,
  type MemberUpdatedEvent,
  type MemberUpdateInput,
  type PingResult,
  type RequestContext,
} from '@bindery/contracts';
import { addToOutbox, badRequest, forbidden, notFound, pagedList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { canInspectMember } from '../permissions/access-rules';
import { OrganizationAccess } from '../permissions/organization-access.service';
import { VisitorClaimsService } from '../visitor-claims/visitor-claims.service';
import { memberSortKey } from './member-list-query';
import { MembershipAnnouncer } from './membership-announcer';
import { toMember } from './member-row';
import { MembersRepository } from './members.repository';

@Injectable()
export class MembersService {
  constructor(
    private readonly members: MembersRepository,
    private readonly access: OrganizationAccess,
    private readonly visitorClaims: VisitorClaimsService,
    private readonly db: DataSource,
    private readonly announcer: MembershipAnnouncer,
  ) {}

  async list(ctx: RequestContext, input: MemberListInput): Promise<List<Member>> {
    await this.access.require(ctx, input.organizationId, 'members.list');
    return pagedList(
      input,
      (limit, after) => this.members.list(input, limit, after),
      memberSortKey(input),
      (row) => toMember(row, ctx.baseUrl),
    );
  }

  async get(ctx: RequestContext, { organizationId, userId }: MemberInput): Promise<Member> {
    await this.access.require(ctx, organizationId, 'members.list');
    return toMember(await this.mustFind(organizationId, userId), ctx.baseUrl);
  }

  /** Changes a member's role; the last admin cannot be demoted (400). */
  async update(ctx: RequestContext, { organizationId, userId, role }: MemberUpdateInput): Promise<Member> {
    await this.access.require(ctx, organizationId, 'members.manage');
    const changed = await this.db.transaction(async (manager) => {
      const current = await this.lockAndFind(manager, organizationId, userId);
      if (current.role === role) return false;
      if (current.role === 'admin') await this.keepAnAdmin(manager, organizationId, 'demote');
      await this.members.setRole(manager, organizationId, userId, role);
      await this.recordUpdated(manager, organizationId, userId, role);
      return true;
    });
    // Committed; services forget the old role before anyone hears this answer.
    if (changed) await this.announcer.changed(organizationId, userId);
    return toMember(await this.mustFind(organizationId, userId), ctx.baseUrl);
  }

  /** Admins remove anyone, members remove themselves (leave); the last admin stays (400). Absent: no-op. */
  async remove(ctx: RequestContext, { organizationId, userId }: MemberInput): Promise<void> {
    const caller = await this.access.require(ctx, organizationId, 'org.view');
    if (!canInspectMember({ role: caller.role }, caller.userId, userId)) throw forbidden('Only admins can remove other members');
    const removed = await this.db.transaction(async (manager) => {
      await this.members.lockOrganization(manager, organizationId);
      const current = await this.members.find(organizationId, userId, manager);
      if (!current) return false;
      if (current.role === 'admin') await this.keepAnAdmin(manager, organizationId, 'remove');
      await this.members.remove(manager, organizationId, userId);
      const event: MemberRemovedEvent = { organizationId, userId, removedAt: new Date().toISOString() };
      await addToOutbox(manager, IdentityEvents.memberRemoved, event);
      return true;
    });
    // Committed; services forget the membership before anyone hears this answer.
    if (removed) await this.announcer.changed(organizationId, userId);
  }

  /** Marks an existing member as able to sign in with the organization's SSO. */
  async setSso(ctx: RequestContext, { organizationId, userId }: MemberInput): Promise<Member> {
    await this.access.require(ctx, organizationId, 'members.manage');
    await this.db.transaction(async (manager) => {
      const current = await this.lockAndFind(manager, organizationId, userId);
      if (current.sso) return;
      await this.members.setSso(manager, organizationId, userId);
      await this.recordUpdated(manager, organizationId, userId, current.role);
    });
    return toMember(await this.mustFind(organizationId, userId), ctx.baseUrl);
  }

  /** Records the caller's activity and hands back signed visitor claims for the organization's sites. */
  async ping(ctx: RequestContext, organizationId: string): Promise<PingResult> {
    const caller = await this.access.require(ctx, organizationId, 'org.view');
    await this.members.touchLastSeen(organizationId, caller.userId);
    const member = await this.mustFind(organizationId, caller.userId);
    const jwt = await this.visitorClaims.sign(organizationId, ctx.baseUrl, {
      sub: member.user_id,
      email: member.email,
      name: member.display_name,
      role: member.role,
    });
    return { serviceVisitorClaims: jwt, gitbookVisitorClaims: jwt };
  }

  private async mustFind(organizationId: string, userId: string) {
    const row = await this.members.find(organizationId, userId);
    if (!row) throw notFound(`No member ${userId} in this organization`);
    return row;
  }

  private async lockAndFind(manager: EntityManager, organizationId: string, userId: string) {
    await this.members.lockOrganization(manager, organizationId);
    const row = await this.members.find(organizationId, userId, manager);
    if (!row) throw notFound(`No member ${userId} in this organization`);
    return row;
  }

  private async keepAnAdmin(manager: EntityManager, organizationId: string, what: 'demote' | 'remove'): Promise<void> {
    if ((await this.members.countAdmins(manager, organizationId)) <= 1) {
      throw badRequest(`Cannot ${what} the last admin of the organization; make another member admin first`);
    }
  }

  private async recordUpdated(manager: EntityManager, organizationId: string, userId: string, role: MemberRoleOrGuest): Promise<void> {
    const event: MemberUpdatedEvent = { organizationId, userId, role };
    await addToOutbox(manager, IdentityEvents.memberUpdated, event);
  }
}
