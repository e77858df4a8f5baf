import { IdentityEvents, type MemberAddedEvent, type MemberRole } from '@bindery/contracts';
import { addToOutbox } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { MembershipsRepository } from './memberships.repository';

@Injectable()
export class MembershipsService {
  constructor(private readonly memberships: MembershipsRepository) {}

  roleOf(organizationId: string, userId: string): Promise<MemberRole | null | undefined> {
    return this.memberships.roleOf(organizationId, userId);
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
}
