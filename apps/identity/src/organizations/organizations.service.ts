import type { List, OrgCreateInput, Organization, PageQuery, RequestContext } from '@bindery/contracts';
import { decodeCursor, newId, notFound, pageLimit, toList, unauthorized } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MembershipsService } from '../members/memberships.service';
import type { OrganizationEntity } from './organization.entity';
import { toOrganization } from './organization.mapper';
import { OrganizationsRepository } from './organizations.repository';

@Injectable()
export class OrganizationsService {
  constructor(
    private readonly organizations: OrganizationsRepository,
    private readonly memberships: MembershipsService,
    private readonly db: DataSource,
  ) {}

  /** An organization the caller belongs to; any other id is a 404, so ids of other orgs leak nothing. */
  async get(ctx: RequestContext, organizationId: string): Promise<Organization> {
    const userId = callerId(ctx);
    const found = await this.organizations.findForMember(organizationId, userId);
    if (!found) throw notFound('No matching organization found');
    return toOrganization(found.organization, found.role, ctx.baseUrl);
  }

  async list(ctx: RequestContext, query: PageQuery): Promise<List<Organization>> {
    const limit = pageLimit(query.limit);
    const after = query.page ? decodeCursor(query.page, 2) : undefined;
    const { rows, count } = await this.organizations.listForMember(callerId(ctx), limit + 1, after);
    return toList(
      rows,
      limit,
      count,
      (r) => [r.organization.createdAt.toISOString(), r.organization.id],
      (r) => toOrganization(r.organization, r.role, ctx.baseUrl),
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
}

function callerId(ctx: RequestContext): string {
  if (!ctx.caller) throw unauthorized();
  return ctx.caller.userId;
}

/** Domains are compared case-insensitively and stored once each. */
export function normalizeDomains(domains: string[]): string[] {
  return [...new Set(domains.map((d) => d.trim().toLowerCase()))];
}
