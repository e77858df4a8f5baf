import {
  type InviteEmailsInput,
  type InviteEmailsResult,
  type InviteLink,
  type InviteLinkCreateInput,
  type InviteLinkInput,
  type InviteLinkUpdateInput,
  type List,
  type MemberRoleOrGuest,
  type PageQuery,
  type RequestContext,
  roleAtLeast,
} from '@bindery/contracts';
import { forbidden, newId, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { keysetPage } from '../common/keyset-page';
import { MembershipsService } from '../members/memberships.service';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { callerId, OrganizationAccess } from '../permissions/organization-access.service';
import { UsersService } from '../users/users.service';
import { type InviteLinkRow, InviteLinksRepository } from './invite-links.repository';

/** Role given to invited users when neither the invite nor the email entry names one. */
const DEFAULT_INVITE_ROLE: MemberRoleOrGuest = 'read';

@Injectable()
export class InvitesService {
  constructor(
    private readonly links: InviteLinksRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly memberships: MembershipsService,
    private readonly users: UsersService,
    private readonly access: OrganizationAccess,
    private readonly db: DataSource,
  ) {}

  /**
   * Adds users by email, creating accounts for addresses nobody uses yet (they sign in later with
   * a token from the operator or through SSO). Existing members keep their role.
   */
  async inviteEmails(ctx: RequestContext, input: InviteEmailsInput): Promise<InviteEmailsResult> {
    await this.access.require(ctx, input.organizationId, 'invites.manage');
    const added = await this.db.transaction(async (manager) => {
      const users: string[] = [];
      for (const entry of input.emails) {
        const email = typeof entry === 'string' ? entry : entry.email;
        const role = typeof entry === 'string' ? (input.role === undefined ? DEFAULT_INVITE_ROLE : input.role) : entry.role;
        const user = await this.users.findOrCreateByEmail(manager, email);
        if (await this.memberships.join(manager, input.organizationId, user.id, role, input.sso ?? false)) users.push(user.id);
      }
      return users;
    });
    return { users: added, invited: added.length };
  }

  async createLink(ctx: RequestContext, input: InviteLinkCreateInput): Promise<InviteLink> {
    const caller = await this.access.require(ctx, input.organizationId, 'invites.manage');
    const row = await this.links.insert({ id: newId(), organizationId: input.organizationId, role: input.role, createdBy: caller.userId });
    return toInviteLink(row, caller.role, ctx.baseUrl);
  }

  async listLinks(ctx: RequestContext, input: PageQuery & { organizationId: string }): Promise<List<InviteLink>> {
    const caller = await this.access.require(ctx, input.organizationId, 'invites.manage');
    return keysetPage(
      input,
      (limit, after) => this.links.list(input.organizationId, limit, after),
      (r) => [r.created_at.toISOString(), r.id],
      (r) => toInviteLink(r, caller.role, ctx.baseUrl),
    );
  }

  async getLink(ctx: RequestContext, { organizationId, inviteId }: InviteLinkInput): Promise<InviteLink> {
    const caller = await this.access.require(ctx, organizationId, 'invites.manage');
    return toInviteLink(await this.mustFindLink(organizationId, inviteId), caller.role, ctx.baseUrl);
  }

  /** Changes the role a link grants from now on; members who already joined keep theirs. */
  async updateLink(ctx: RequestContext, input: InviteLinkUpdateInput): Promise<InviteLink> {
    const caller = await this.access.require(ctx, input.organizationId, 'invites.manage');
    await this.mustFindLink(input.organizationId, input.inviteId);
    await this.links.setRole(input.organizationId, input.inviteId, input.role);
    return toInviteLink(await this.mustFindLink(input.organizationId, input.inviteId), caller.role, ctx.baseUrl);
  }

  async deleteLink(ctx: RequestContext, { organizationId, inviteId }: InviteLinkInput): Promise<void> {
    await this.access.require(ctx, organizationId, 'invites.manage');
    await this.links.delete(organizationId, inviteId);
  }

  /** Any signed-in user holding the link joins with its role, while the organization has invite links enabled. */
  async joinWithLink(ctx: RequestContext, { organizationId, inviteId }: InviteLinkInput): Promise<void> {
    const userId = callerId(ctx);
    const link = await this.mustFindLink(organizationId, inviteId);
    const organization = await this.organizations.findById(organizationId);
    if (!organization?.inviteLinks) throw forbidden('Invite links are disabled for this organization');
    await this.db.transaction((manager) => this.memberships.join(manager, organizationId, userId, link.role));
  }

  private async mustFindLink(organizationId: string, inviteId: string): Promise<InviteLinkRow> {
    const link = await this.links.find(organizationId, inviteId);
    if (!link) throw notFound('No matching invite found');
    return link;
  }
}

function toInviteLink(row: InviteLinkRow, callerRole: MemberRoleOrGuest, baseUrl: string): InviteLink {
  const organizationUrl = `${baseUrl}/v1/orgs/${row.organization_id}`;
  return {
    object: 'invite',
    id: row.id,
    role: row.role,
    // Redundant for someone who already holds at least the role the link grants.
    redundant: row.role === null ? true : roleAtLeast(callerRole, row.role),
    urls: { location: `${organizationUrl}/link-invites/${row.id}`, join: `${organizationUrl}/invites/${row.id}` },
  };
}
