import type { MemberRoleOrGuest } from '@bindery/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A user's membership of an organization, with the role that decides what they may do there. */
@Entity({ name: 'memberships' })
export class MembershipEntity {
  @PrimaryColumn('text', { name: 'organization_id' })
  organizationId: string;

  @PrimaryColumn('text', { name: 'user_id' })
  userId: string;

  /** Null for a guest. */
  @Column('text', { nullable: true })
  role: MemberRoleOrGuest;

  @Column('timestamptz', { name: 'joined_at', default: () => 'now()' })
  joinedAt: Date;

  @Column('timestamptz', { name: 'last_seen_at', nullable: true })
  lastSeenAt: Date | null;

  @Column('boolean', { default: false })
  disabled: boolean;

  @Column('boolean', { default: false })
  sso: boolean;
}
