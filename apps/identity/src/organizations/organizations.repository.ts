import type { MemberRole } from '@bindery/contracts';
import { type CursorKey, preparedQuery } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { OrganizationEntity } from './organization.entity';

export interface OrganizationWithRole {
  organization: OrganizationEntity;
  role: MemberRole | null;
  /** The user owns at least one team of the organization (`permissions.ownTeam`). */
  ownsTeam: boolean;
}

/** Selects whether the member `m` owns a team of organization `o`. */
const OWNS_TEAM = "EXISTS (SELECT 1 FROM team_members tm WHERE tm.organization_id = o.id AND tm.user_id = m.user_id AND tm.role = 'owner')";
type StandingRaw = { o_id: string; member_role: MemberRole | null; owns_team: boolean };

@Injectable()
export class OrganizationsRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * One organization with the user's role in it; null when it does not exist or the user is not
   * a member. This is the hottest read of the API, so it is one prepared statement and a
   * hand-written mapping rather than a query builder.
   */
  async findForMember(organizationId: string, userId: string): Promise<OrganizationWithRole | null> {
    const rows = await preparedQuery<OrganizationRow & { member_role: MemberRole | null; owns_team: boolean }>(
      this.db,
      'identity.org_for_member',
      `SELECT o.*, m.role AS member_role, ${OWNS_TEAM} AS owns_team FROM organizations o
       JOIN memberships m ON m.organization_id = o.id AND m.user_id = $2 AND NOT m.disabled
       WHERE o.id = $1`,
      [organizationId, userId],
    );
    const row = rows[0];
    return row ? { organization: fromRow(row), role: row.member_role, ownsTeam: row.owns_team } : null;
  }

  /** A page of the user's organizations in (createdAt, id) order, after the given keyset position. */
  async listForMember(userId: string, limit: number, after?: CursorKey): Promise<{ rows: OrganizationWithRole[]; count: number }> {
    const base = this.db
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .innerJoin('memberships', 'm', 'm.organization_id = o.id AND m.user_id = :userId AND NOT m.disabled', { userId });
    const count = await base.clone().getCount();
    const query = base
      .addSelect('m.role', 'member_role')
      .addSelect(OWNS_TEAM, 'owns_team')
      .orderBy('o.created_at', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .limit(limit);
    if (after) query.andWhere('(o.created_at, o.id) > (:afterAt::timestamptz, :afterId)', { afterAt: after[0], afterId: after[1] });
    const { entities, raw } = await query.getRawAndEntities();
    const standing = new Map((raw as StandingRaw[]).map((r) => [r.o_id, r]));
    return {
      rows: entities.map((organization) => ({
        organization,
        role: standing.get(organization.id)?.member_role ?? null,
        ownsTeam: standing.get(organization.id)?.owns_team ?? false,
      })),
      count,
    };
  }

  async insert(
    manager: EntityManager,
    org: Pick<OrganizationEntity, 'id' | 'title' | 'emailDomains' | 'mergeRules'>,
  ): Promise<OrganizationEntity> {
    const repo = manager.getRepository(OrganizationEntity);
    await repo.save(repo.create(org));
    return repo.findOneByOrFail({ id: org.id });
  }

  /** Locks one organization for update; null when it does not exist. */
  async lockById(manager: EntityManager, organizationId: string): Promise<OrganizationEntity | null> {
    return manager
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .setLock('pessimistic_write')
      .where('o.id = :organizationId', { organizationId })
      .getOne();
  }

  async findById(organizationId: string): Promise<OrganizationEntity | null> {
    return this.db.getRepository(OrganizationEntity).findOneBy({ id: organizationId });
  }

  async update(manager: EntityManager, organizationId: string, changes: Partial<OrganizationEntity>): Promise<void> {
    if (Object.keys(changes).length > 0) await manager.getRepository(OrganizationEntity).update({ id: organizationId }, changes);
  }

  /** True when another organization already uses this hostname. */
  async hostnameTaken(manager: EntityManager, hostname: string, exceptId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM organizations WHERE lower(hostname) = lower($1) AND id <> $2', [
      hostname,
      exceptId,
    ]);
    return rows.length > 0;
  }

  /** Organizations that allow this email domain, with the user's role where they are a member (oldest first). */
  async listForEmailDomain(
    domain: string,
    userId: string,
  ): Promise<Array<{ organization: OrganizationEntity; role: MemberRole | null | undefined }>> {
    const { entities, raw } = await this.db
      .getRepository(OrganizationEntity)
      .createQueryBuilder('o')
      .leftJoin('memberships', 'm', 'm.organization_id = o.id AND m.user_id = :userId AND NOT m.disabled', { userId })
      .addSelect('m.user_id', 'member_user')
      .addSelect('m.role', 'member_role')
      .where('o.email_domains @> ARRAY[:domain]::text[]', { domain })
      .orderBy('o.created_at', 'ASC')
      .addOrderBy('o.id', 'ASC')
      .limit(1000)
      .getRawAndEntities();
    const standing = new Map(
      (raw as Array<{ o_id: string; member_user: string | null; member_role: MemberRole | null }>).map((r) => [r.o_id, r]),
    );
    return entities.map((organization) => {
      const row = standing.get(organization.id);
      return { organization, role: row?.member_user ? row.member_role : undefined };
    });
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
  merge_rules: OrganizationEntity['mergeRules'];
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
