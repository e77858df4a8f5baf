import type {
  List,
  RequestContext,
  SamlCreateInput,
  SamlFields,
  SamlInput,
  SamlListInput,
  SamlProvider,
  SamlUpdateInput,
  SsoLoginInfo,
  Team,
} from '@bindery/contracts';
import { badRequest, keysetPage, newId, notFound, toList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { type OrgCaller, OrganizationAccess } from '../permissions/organization-access.service';
import { toTeam } from '../teams/team-row';
import { TeamsRepository } from '../teams/teams.repository';
import { parseCertificate } from './certificate';
import { isActive, toLoginInfo, toSamlProvider } from './saml-provider.mapper';
import { type SamlProviderColumns, type SamlProviderRow, SamlProvidersRepository } from './saml-provider.repository';

/** SAML identity providers of an organization; configured by admins. */
@Injectable()
export class SamlProvidersService {
  constructor(
    private readonly providers: SamlProvidersRepository,
    private readonly teams: TeamsRepository,
    private readonly access: OrganizationAccess,
  ) {}

  async list(ctx: RequestContext, input: SamlListInput): Promise<List<SamlProvider>> {
    const caller = await this.access.require(ctx, input.organizationId, 'saml.manage');
    const { limit, take, after } = keysetPage(input);
    const { rows, count } = await this.providers.list(input.organizationId, take, after);
    const teams = new Map<string, Team>();
    for (const row of rows.slice(0, limit)) {
      const team = await this.teamOf(caller, row);
      if (team) teams.set(row.id, team);
    }
    return toList(
      rows,
      limit,
      count,
      (r) => [r.created_at.toISOString(), r.id],
      (r) => toSamlProvider(r, ctx.baseUrl, teams.get(r.id)),
    );
  }

  async create(ctx: RequestContext, input: SamlCreateInput): Promise<SamlProvider> {
    const caller = await this.access.require(ctx, input.organizationId, 'saml.manage');
    if (!input.label?.trim()) throw badRequest('label: is required (1..30 characters)');
    const columns = await this.columnsOf(caller, input);
    const id = newId();
    // New SSO users read content unless the admin chose otherwise.
    await this.providers.insert(id, input.organizationId, {
      ...columns,
      label: input.label,
      default_role: input.defaultRole === undefined ? 'read' : input.defaultRole,
    });
    return this.get(ctx, { organizationId: input.organizationId, samlProviderId: id });
  }

  async get(ctx: RequestContext, { organizationId, samlProviderId }: SamlInput): Promise<SamlProvider> {
    const caller = await this.access.require(ctx, organizationId, 'saml.manage');
    const row = await this.mustFind(organizationId, samlProviderId);
    return toSamlProvider(row, ctx.baseUrl, await this.teamOf(caller, row));
  }

  async update(ctx: RequestContext, input: SamlUpdateInput): Promise<SamlProvider> {
    const caller = await this.access.require(ctx, input.organizationId, 'saml.manage');
    await this.mustFind(input.organizationId, input.samlProviderId);
    await this.providers.update(input.organizationId, input.samlProviderId, await this.columnsOf(caller, input));
    return this.get(ctx, input);
  }

  async delete(ctx: RequestContext, { organizationId, samlProviderId }: SamlInput): Promise<void> {
    await this.access.require(ctx, organizationId, 'saml.manage');
    await this.providers.delete(organizationId, samlProviderId);
  }

  /** Where members can start signing in: every provider that is fully configured. */
  async logins(ctx: RequestContext, organizationId: string): Promise<{ items: SsoLoginInfo[] }> {
    await this.access.require(ctx, organizationId, 'sso.view');
    const { rows } = await this.providers.list(organizationId, 1000);
    return { items: rows.filter(isActive).map((r) => toLoginInfo(r, ctx.baseUrl)) };
  }

  private async mustFind(organizationId: string, id: string): Promise<SamlProviderRow> {
    const row = await this.providers.find(organizationId, id);
    if (!row) throw notFound('No matching SAML provider found');
    return row;
  }

  /** Checks what the gateway cannot: a parsable certificate and a default team of this organization. */
  private async columnsOf(caller: OrgCaller, fields: SamlFields): Promise<SamlProviderColumns> {
    if (fields.certificate !== undefined && !parseCertificate(fields.certificate)) {
      throw badRequest('certificate: must be an X.509 certificate in PEM (or base64 DER) form');
    }
    if (fields.defaultTeam && !(await this.teams.find(caller.organizationId, fields.defaultTeam, caller.userId))) {
      throw badRequest(`defaultTeam: no team ${fields.defaultTeam} in this organization`);
    }
    return {
      label: fields.label,
      entity_id: fields.entityID,
      certificate: fields.certificate?.trim(),
      sso_url: fields.ssoURL,
      default_team_id: fields.defaultTeam,
      default_role: fields.defaultRole,
    };
  }

  private async teamOf(caller: OrgCaller, row: SamlProviderRow): Promise<Team | undefined> {
    if (!row.default_team_id) return undefined;
    const team = await this.teams.find(caller.organizationId, row.default_team_id, caller.userId);
    return team && toTeam(team, caller.role);
  }
}
