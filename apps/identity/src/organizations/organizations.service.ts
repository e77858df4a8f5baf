import type { EmailDomainInput, List, OrgCreateInput, Organization, OrgUpdateInput, PageQuery, RequestContext } from '@bindery/contracts';
import { badRequest, callerId, conflict, keysetPage, newId, notFound, toList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MembershipsService } from '../members/memberships.service';
import { OrganizationAccess } from '../permissions/organization-access.service';
import { UsersService } from '../users/users.service';
import type { OrganizationEntity } from './organization.entity';
import { toOrganization } from './organization.mapper';
import { emailDomainOf, normalizeDomains, organizationChanges } from './organization-changes';
import { OrganizationsRepository } from './organizations.repository';
import { SiteDirectory } from './site-directory';

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly memberships: MembershipsService,
    private readonly access: OrganizationAccess,
    private readonly users: UsersService,
    private readonly db: DataSource,
    private readonly siteDirectory: SiteDirectory,
  ) {}

  /** An organization the caller belongs to; any other id is a 404, so ids of other orgs leak nothing. */
  async get(ctx: RequestContext, organizationId: string): Promise<Organization> {
    const userId = callerId(ctx);
    const found = await this.organizations.findForMember(organizationId, userId);
    if (!found) throw notFound('No matching organization found');
    return toOrganization(found.organization, found.role, ctx.baseUrl, found.ownsTeam);
  }

  async list(ctx: RequestContext, query: PageQuery): Promise<List<Organization>> {
    const { limit, take, after } = keysetPage(query);
    const { rows, count } = await this.organizations.listForMember(callerId(ctx), take, after);
    return toList(
      rows,
      limit,
      count,
      (r) => [r.organization.createdAt.toISOString(), r.organization.id],
      (r) => toOrganization(r.organization, r.role, ctx.baseUrl, r.ownsTeam),
    );
  }

  /** Creates an organization; its creator becomes its admin. */
  async create(ctx: RequestContext, input: OrgCreateInput): Promise<Organization> {
    const organization = await this.createFor(callerId(ctx), input);
    return toOrganization(organization, 'admin', ctx.baseUrl);
  }

  /** Also used by the operator CLI, which has no request context. */
  async createFor(userId: string, input: OrgCreateInput): Promise<OrganizationEntity> {
    return this.db.transaction(async (manager) => {
      const organization = await this.organizations.insert(manager, {
        id: newId(),
        title: input.title,
        emailDomains: normalizeDomains(input.emailDomains ?? []),
        mergeRules: { type: 'none' },
      });
      await this.memberships.add(manager, organization.id, userId, 'admin');
      return organization;
    });
  }

  /** Admin-only. `defaultContent.site` must be a site of this organization (the sites service says). */
  async update(ctx: RequestContext, input: OrgUpdateInput): Promise<Organization> {
    const caller = await this.access.require(ctx, input.organizationId, 'org.update');
    const changes = organizationChanges(input);
    if (input.defaultContent) await this.siteDirectory.requireSite(ctx, input.organizationId, input.defaultContent.site);
    await this.db.transaction(async (manager) => {
      if (!(await this.organizations.lockById(manager, input.organizationId))) throw notFound('No matching organization found');
      if (changes.hostname && (await this.organizations.hostnameTaken(manager, changes.hostname, input.organizationId))) {
        throw conflict(`hostname: ${changes.hostname} is already used by another organization`);
      }
      await this.organizations.update(manager, input.organizationId, changes);
    });
    return toOrganization((await this.organizations.findById(input.organizationId))!, caller.role, ctx.baseUrl);
  }

  /** Lets the caller join when the domain of their (verified) email is one the organization allows. */
  async join(ctx: RequestContext, organizationId: string): Promise<void> {
    const userId = callerId(ctx);
    const organization = await this.organizations.findById(organizationId);
    if (!organization) throw notFound('No matching organization found');
    const user = await this.users.findById(userId);
    if (!organization.emailDomains.includes(emailDomainOf(user.email))) {
      throw badRequest(`Your email domain is not valid to join this organization`);
    }
    await this.db.transaction((manager) => this.memberships.join(manager, organizationId, userId, organization.defaultRole));
  }

  /**
   * Organizations that accept the given email domain. Only a user whose own email is in that domain
   * may discover them, so the endpoint cannot be used to enumerate other companies' organizations.
   */
  async forEmailDomain(ctx: RequestContext, { emailDomain }: EmailDomainInput): Promise<{ organizations: Organization[] }> {
    const userId = callerId(ctx);
    const domain = emailDomain.toLowerCase();
    const user = await this.users.findById(userId);
    if (emailDomainOf(user.email) !== domain) return { organizations: [] };
    const rows = await this.organizations.listForEmailDomain(domain, userId);
    return { organizations: rows.map((r) => toOrganization(r.organization, r.role, ctx.baseUrl)) };
  }
}
