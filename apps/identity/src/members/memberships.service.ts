import {
  IdentityEvents,
  MAX_MEMBERSHIPS_AMONG,
  type MemberAddedEvent,
  type MemberRole,
  type MemberRoleOrGuest,
  type MembershipsAmongInput,
  type MembershipsAmongResult,
} from '@bindery/contracts';
import { addToOutbox, badRequest } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { OrganizationAccess } from '../permissions/organization-access.service';
import { toUser } from '../users/user.mapper';
import { MembershipsRepository } from './memberships.repository';

@Injectable()
export class MembershipsService {
  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly access: OrganizationAccess,
  ) {}

  roleOf(organizationId: string, userId: string): Promise<MemberRole | null | undefined> {
    return this.access.roleOf(organizationId, userId);
  }

  /** Which of the users are enabled members of the organization; the others are simply left out. */
  async among({ organizationId, userIds }: MembershipsAmongInput, baseUrl: string): Promise<MembershipsAmongResult> {
    if (!Array.isArray(userIds) || userIds.length > MAX_MEMBERSHIPS_AMONG || !userIds.every((id) => typeof id === 'string'))
      throw badRequest(`userIds: must be an array of at most ${MAX_MEMBERSHIPS_AMONG} ids`);
    if (userIds.length === 0) return { members: [] };
    const rows = await this.memberships.findAmong(organizationId, userIds);
    return { members: rows.map((r) => ({ user: toUser(r.user, baseUrl), role: r.role })) };
  }

  /**
   * Adds a user to an organization inside the caller's transaction, and records
   * `identity.member.added` in the same transaction when the membership is new.
   */
  async add(manager: EntityManager, organizationId: string, userId: string, role: MemberRole): Promise<void> {
    const created = await this.memberships.upsert(manager, { organizationId, userId, role });
    if (!created) return;
    const event: MemberAddedEvent = { organizationId, userId, role, addedAt: new Date().toISOString() };
    await addToOutbox(manager, IdentityEvents.memberAdded, event);
  }

  /**
   * Lets a user join (invite, email domain, SSO) without touching an existing membership's role.
   * Returns true when the user was not yet a member; records `identity.member.added` then.
   */
  async join(manager: EntityManager, organizationId: string, userId: string, role: MemberRoleOrGuest, sso = false): Promise<boolean> {
    const created = await this.memberships.insertIfAbsent(manager, { organizationId, userId, role, sso });
    if (!created) return false;
    const event: MemberAddedEvent = { organizationId, userId, role, addedAt: new Date().toISOString() };
    await addToOutbox(manager, IdentityEvents.memberAdded, event);
    return true;
  }
}
