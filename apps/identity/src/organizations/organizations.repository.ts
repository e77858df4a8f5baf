import type { MemberRole } from '@bindery/contracts';
import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

export interface OrganizationWithRole {
  organization: OrganizationEntity;
  role: MemberRole | null;
}

@Injectable()
export class OrganizationsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * One organization with the user's role in it; null when it does not exist or the user is not
   * a member. This is the hottest read of the API, so it is one prepared statement and a
   * hand-written mapping rather than a query builder.
   */
  async findForMember(organizationId: string, userId: string): Promise<OrganizationWithRole | null> {
    const rows: Array<OrganizationRow & { member_role: MemberRole | null }> = await this.db.query(
      `SELECT o.*, m.role AS member_role FROM organizations o
       JOIN memberships m ON m.organization_id = o.id AND m.user_id = $2 AND NOT m.disabled
       WHERE o.id = $1`,
      [organizationId, userId],
    );
    const row = rows[0];
    return row ? { organization: fromRow(row), role: row.member_role } : null;
  }

  /** A page of the user's organizations in (createdAt, id) order, after the given keyset position. */
  async listForMember(userId: string, limit: number, after?: CursorKey): Promise<{ rows: OrganizationWithRole[]; count: number }> {
    const base = this.db
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .innerJoin('memberships', 'm', 'm.organization_id = o.id AND m.user_id = :userId AND NOT m.disabled', { userId });
    const count = await base.clone().getCount();
    const query = base.addSelect('m.role', 'member_role').orderBy('o.created_at', 'ASC').addOrderBy('o.id', 'ASC').limit(limit);
    if (after) query.andWhere('(o.created_at, o.id) > (:afterAt::timestamptz, :afterId)', { afterAt: after[0], afterId: after[1] });
    const { entities, raw } = await query.getRawAndEntities();
    const roles = new Map((raw as Array<{ o_id: string; member_role: MemberRole | null }>).map((r) => [r.o_id, r.member_role]));
    return { rows: entities.map((organization) => ({ organization, role: roles.get(organization.id) ?? null })), count };
  }

  async insert(manager: EntityManager, org: Pick<OrganizationEntity, 'id' | 'title' | 'emailDomains' | 'mergeRules'>): Promise<OrganizationEntity> {
    const repo = manager.getRepository(OrganizationEntity);
    await repo.save(repo.create(org));
    return repo.findOneByOrFail({ id: org.id });
  }
}

/** A row of `organizations` as Postgres returns it. */
interface OrganizationRow {
  id: string;
  title: string;
  created_at: Date;
  email_domains: string[];
  hostname: string | null;
  type: string;
  use_case: string | null;
  community_type: string | null;
  default_role: MemberRole | null;
  default_content: { type: 'site'; site: string } | null;
  logo: string | null;
  sso: boolean;
  ai: boolean;
  invite_links: boolean;
  plan: string;
  merge_rules: Record<string, unknown>;
}

function fromRow(row: OrganizationRow): OrganizationEntity {
  return Object.assign(new OrganizationEntity(), {
    id: row.id,
    title: row.title,
    createdAt: row.created_at,
    emailDomains: row.email_domains,
    hostname: row.hostname,
    type: row.type,
    useCase: row.use_case,
    communityType: row.community_type,
    defaultRole: row.default_role,
    defaultContent: row.default_content,
    logo: row.logo,
    sso: row.sso,
    ai: row.ai,
    inviteLinks: row.invite_links,
    plan: row.plan,
    mergeRules: row.merge_rules,
  });
}
