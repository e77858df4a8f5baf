import type { MemberRoleOrGuest, OrgUpdateInput } from '@bindery/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

@Entity({ name: 'organizations' })
export class OrganizationEntity {
  @PrimaryColumn('text')
  id: string;

  @Column('text')
  title: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column('text', { name: 'email_domains', array: true, default: () => "'{}'" })
  emailDomains: string[];

  @Column('text', { nullable: true })
  hostname: string | null;

  @Column('text', { default: 'business' })
  type: string;

  @Column('text', { name: 'use_case', nullable: true })
  useCase: string | null;

  @Column('text', { name: 'community_type', nullable: true })
  communityType: string | null;

  @Column('text', { name: 'default_role', nullable: true })
  defaultRole: MemberRoleOrGuest;

  @Column('jsonb', { name: 'default_content', nullable: true })
  defaultContent: { type: 'site'; site: string } | null;

  @Column('text', { nullable: true })
  logo: string | null;

  @Column('boolean', { default: false })
  sso: boolean;

  @Column('boolean', { default: false })
  ai: boolean;

  @Column('boolean', { name: 'invite_links', default: false })
  inviteLinks: boolean;

  @Column('text', { default: 'free_2024' })
  plan: string;

  @Column('jsonb', { name: 'merge_rules' })
  mergeRules: NonNullable<OrgUpdateInput['mergeRules']>;
}
