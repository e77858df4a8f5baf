import { IdentitySubjects, type MemberRole, type MembershipGetResult, type RequestContext, roleAtLeast } from '@bindery/contracts';
import { callerId } from '../envelope/caller-id';
import { forbidden, notFound } from '../errors/app-error';
import type { ServiceClient } from '../nest/service-client';
import type { MembershipCache } from './membership-cache';

/**
 * What a service may ask to do with an organization's own resources (not its spaces: content
 * decides those per space, see `SpaceAccessClient`).
 */
export type OrganizationAction =
  /** List and read sites, their structure (site spaces, sections) and published structure. */
  | 'sites.read'
  /** See a share-link site's key (`shareKey`, the key in `urls.published`). */
  | 'sites.shareKeys'
  /** Create, change, publish and delete sites and their structure. */
  | 'sites.write'
  /** A site's publishing (visitor) auth. */
  | 'sites.admin'
  | 'openapi.read'
  | 'openapi.write'
  /** Conversations, issues and clusters. */
  | 'conversations.read'
  | 'conversations.ingest'
  | 'translations.read'
  | 'translations.write'
  /** Create spaces and collections at the organization's level. */
  | 'content.create'
  /** Administer the organization's content (transfers between organizations). */
  | 'content.admin';

/**
 * THE rule for organization-level resources: the least role each action needs. A guest (a member
 * whose role is null) holds no role, so reaches none of them: nothing is shared with guests at the
 * organization's level (they reach spaces shared with them, which content decides).
 *
 * Derived from identity's permission matrix (`apps/identity/src/permissions`), not a second one:
 * reading is what identity grants members "with a role, not guests" (`listMembers`, `listTeams`);
 * changing sites, specs and translations is `createContent` / `createOpenAPISpec` (`create`);
 * ingestion is `ingestConversations` and publishing auth is `admin` (`admin`). The table in
 * ARCHITECTURE.md ("Organization-level access") states the same per resource and role.
 */
export const ORGANIZATION_RULES: Readonly<Record<OrganizationAction, MemberRole>> = {
  'sites.read': 'read',
  'sites.shareKeys': 'create',
  'sites.write': 'create',
  'sites.admin': 'admin',
  'openapi.read': 'read',
  'openapi.write': 'create',
  'conversations.read': 'read',
  'conversations.ingest': 'admin',
  'translations.read': 'read',
  'translations.write': 'create',
  'content.create': 'create',
  'content.admin': 'admin',
};

/** The one answer to "not yours": a non-member, a guest and an unknown id all get it. */
export const NO_ORGANIZATION = 'No matching organization found';

/** Whether a role (null: guest) may take the action. */
export function organizationAllows(role: MemberRole | null | undefined, action: OrganizationAction): boolean {
  return roleAtLeast(role, ORGANIZATION_RULES[action]);
}

/** A user's standing in an organization: `member` false for a stranger (or an unknown organization). */
export type OrganizationStanding = MembershipGetResult;

/** What `require` returns: the caller's role (never a guest's) and what else it allows. */
export interface OrganizationGrant {
  organizationId: string;
  role: MemberRole;
  can(action: OrganizationAction): boolean;
}

export interface OrganizationAccessOptions {
  /**
   * Standings reused across requests while they cannot be stale (the service's `MembershipFeed`
   * keeps it; `startService` provides one). While it is not live, answers are memoised per request.
   */
  cache?: MembershipCache;
  /** How long an answer is reused for the same request id, organization and user (default 5 s). */
  memoMs?: number;
  /** At most this many answers are held (oldest dropped first; default 1000). */
  memoSize?: number;
  now?: () => number;
}

/**
 * "May this caller do X with organization Y's resources", for every service. Identity owns
 * memberships: one `identity.membership.get` per request, organization and user (memoised, so a
 * request that checks twice asks once), then `ORGANIZATION_RULES`. Answers as every service must:
 * 404 `NO_ORGANIZATION` for a stranger, an unknown organization and a guest alike (so ids and the
 * existence of resources leak nothing), 403 for a member below the action's role.
 *
 * Across requests, an answer is reused only through the service's `MembershipCache`, which forgets
 * it when identity announces a change (before identity answers the request that made it). Without a
 * live cache, answers are memoised per request id for a few seconds only: a request id may come
 * from the client (`x-request-id`), so reusing one must not keep an old role alive for long.
 */
export class OrganizationAccessClient {
  private readonly memo = new Map<string, { at: number; answer: Promise<OrganizationStanding> }>();
  private readonly memoMs: number;
  private readonly memoSize: number;
  private readonly now: () => number;
  private readonly cache?: MembershipCache;

  constructor(
    private readonly identity: ServiceClient,
    options: OrganizationAccessOptions = {},
  ) {
    this.cache = options.cache;
    this.memoMs = options.memoMs ?? 5_000;
    this.memoSize = options.memoSize ?? 1_000;
    this.now = options.now ?? Date.now;
  }

  /** The caller's (or `userId`'s) membership and role; never throws for a stranger. */
  standing(ctx: RequestContext, organizationId: string, userId: string = callerId(ctx)): Promise<OrganizationStanding> {
    const ask = () => this.identity.send(IdentitySubjects.membershipGet, ctx, { organizationId, userId });
    if (this.cache?.isLive) return this.cache.standing(organizationId, userId, ask);
    const key = JSON.stringify([ctx.requestId, organizationId, userId]);
    const now = this.now();
    const held = this.memo.get(key);
    if (held && now - held.at < this.memoMs) return held.answer;
    const answer = ask();
    this.remember(key, now, answer);
    return answer;
  }

  /**
   * The caller's grant when its role allows `action`; otherwise the 404 (stranger, guest, unknown
   * organization) or 403 (a role below the action's) every service answers. `field` names the
   * input that carried the organization id, when it was not the path's.
   */
  async require(ctx: RequestContext, organizationId: string, action: OrganizationAction, field?: string): Promise<OrganizationGrant> {
    const { member, role } = await this.standing(ctx, organizationId);
    if (!member || role === null) throw notFound(field ? `${field}: ${NO_ORGANIZATION}` : NO_ORGANIZATION);
    const needed = ORGANIZATION_RULES[action];
    if (!roleAtLeast(role, needed)) throw forbidden(`This needs the "${needed}" role or higher in the organization`);
    return { organizationId, role, can: (other) => organizationAllows(role, other) };
  }

  private remember(key: string, at: number, answer: Promise<OrganizationStanding>): void {
    this.memo.delete(key);
    this.memo.set(key, { at, answer });
    // A failed question is asked again next time, not remembered.
    answer.catch(() => {
      if (this.memo.get(key)?.answer === answer) this.memo.delete(key);
    });
    while (this.memo.size > this.memoSize) this.memo.delete(this.memo.keys().next().value!);
  }
}
