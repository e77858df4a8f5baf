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
  type PendingInvite,
  type RequestContext,
  roleAtLeast,
} from '@bindery/contracts';
import { callerId, forbidden, newId, notFound, pagedList } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MembershipsService } from '../members/memberships.service';
import { OrganizationsRepository } from '../organizations/organizations.repository';
import { OrganizationAccess } from '../permissions/organization-access.service';
import { UsersService } from '../users/users.service';
import { type InviteLinkRow, InviteLinksRepository } from './invite-links.repository';
import { type PendingInviteRow, PendingInvitesRepository } from './pending-invites.repository';

/** Role given to invited users when neither the invite nor the email entry names one. */
const DEFAULT_INVITE_ROLE: MemberRoleOrGuest = 'read';

@Injectable()
export class InvitesService {
  constructor(
    private readonly links: InviteLinksRepository,
    private readonly pending: PendingInvitesRepository,
    private readonly organizations: OrganizationsRepository,
    private readonly memberships: MembershipsService,
    private readonly users: UsersService,
    private readonly access: OrganizationAccess,
    private readonly db: DataSource,
  ) {}

  /**
   * Invites users by email. An address nobody uses yet gets a new account that joins at once (it
   * signs in later with a token from the operator or through SSO). An existing account is never
   * added by someone else: it gets a pending invitation its owner accepts (`POST …/invites/{id}`),
   * and its id is not revealed. Existing members keep their role.
   */
  async inviteEmails(ctx: RequestContext, input: InviteEmailsInput): Promise<InviteEmailsResult> {
    const caller = await this.access.require(ctx, input.organizationId, 'invites.manage');
    const outcome = await this.db.transaction(async (manager) => {
      const users: string[] = [];
      const failedSSOEmails: string[] = [];
      const seen = new Set<string>();
      let pending = 0;
      for (const entry of input.emails) {
        const email = typeof entry === 'string' ? entry : entry.email;
        const role = typeof entry === 'string' ? (input.role === undefined ? DEFAULT_INVITE_ROLE : input.role) : entry.role;
        if (seen.has(email.toLowerCase())) continue;
        seen.add(email.toLowerCase());
        const found = await this.users.findByEmailIn(manager, email);
        const created = found ? null : await this.users.createIfAbsent(manager, email);
        if (created) {
          await this.memberships.join(manager, input.organizationId, created.id, role, input.sso ?? false);
          users.push(created.id);
          continue;
        }
        // Created meanwhile by someone else: an existing account too.
        const existing = found ?? (await this.users.findByEmailIn(manager, email))!;
        if ((await this.memberships.roleOf(input.organizationId, existing.id)) !== undefined) continue;
        const invite = { id: newId(), organizationId: input.organizationId, userId: existing.id, role, invitedBy: caller.userId };
        await this.pending.upsert(manager, invite);
        pending++;
        if (input.sso) failedSSOEmails.push(email);
      }
      return { users, pending, failedSSOEmails };
    });
    const result: InviteEmailsResult = { users: outcome.users, invited: outcome.users.length + outcome.pending };
    if (outcome.failedSSOEmails.length > 0) result.failedSSOEmails = outcome.failedSSOEmails;
    return result;
  }

  /** The invitations waiting for the caller, oldest first. */
  async listMine(ctx: RequestContext, query: PageQuery): Promise<List<PendingInvite>> {
    const userId = callerId(ctx);
    return pagedList(
      query,
      (limit, after) => this.pending.listFor(userId, limit, after),
      (r) => [r.created_at.toISOString(), r.id],
      (r) => toPendingInvite(r, ctx.baseUrl),
    );
  }

  async createLink(ctx: RequestContext, input: InviteLinkCreateInput): Promise<InviteLink> {
    const caller = await this.access.require(ctx, input.organizationId, 'invites.manage');
    const row = await this.links.insert({ id: newId(), organizationId: input.organizationId, role: input.role, createdBy: caller.userId });
    return toInviteLink(row, caller.role, ctx.baseUrl);
  }

  async listLinks(ctx: RequestContext, input: PageQuery & { organizationId: string }): Promise<List<InviteLink>> {
    const caller = await this.access.require(ctx, input.organizationId, 'invites.manage');
    return pagedList(
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

  /**
   * Joins with an invite: a link (any signed-in user holding it joins with its role, while the
   * organization has invite links enabled) or a pending invitation addressed to the caller.
   */
  async joinWithInvite(ctx: RequestContext, { organizationId, inviteId }: InviteLinkInput): Promise<void> {
    const userId = callerId(ctx);
    const link = await this.links.find(organizationId, inviteId);
    if (!link) return this.accept(organizationId, inviteId, userId);
    const organization = await this.organizations.findById(organizationId);
    if (!organization?.inviteLinks) throw forbidden('Invite links are disabled for this organization');
    await this.db.transaction((manager) => this.memberships.join(manager, organizationId, userId, link.role));
  }

  /** Accepts the caller's own pending invitation; someone else's is a 404 like an unknown id. */
  private async accept(organizationId: string, inviteId: string, userId: string): Promise<void> {
    const invite = await this.pending.findFor(organizationId, inviteId, userId);
    if (!invite) throw notFound('No matching invite found');
    await this.db.transaction(async (manager) => {
      await this.memberships.join(manager, organizationId, userId, invite.role);
      await this.pending.delete(manager, invite.id);
    });
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

function toPendingInvite(row: PendingInviteRow, baseUrl: string): PendingInvite {
  return {
    object: 'pending-invite',
    id: row.id,
    role: row.role,
    organization: { id: row.organization_id, title: row.organization_title },
    createdAt: row.created_at.toISOString(),
    urls: { join: `${baseUrl}/v1/orgs/${row.organization_id}/invites/${row.id}` },
  };
}
