import type { MemberRole, MembershipGetResult, RequestContext } from '@bindery/contracts';
import { AppError } from '../errors/app-error';
import type { ServiceClient } from '../nest/service-client';
import { MembershipCache } from './membership-cache';
import { NO_ORGANIZATION, OrganizationAccessClient, type OrganizationAction, organizationAllows } from './organization-access-client';

const ctx = (requestId = 'r1'): RequestContext => ({ requestId, baseUrl: 'http://x', caller: { userId: 'u1', tokenId: 't1' } });

/** A stranger (not a member), a guest (role null), or a member with a role. */
type Who = 'stranger' | null | MemberRole;

function clientAnswering(who: Who | (() => Promise<MembershipGetResult>), options: { now?: () => number; cache?: MembershipCache } = {}) {
  const sent: Array<{ subject: string; data: unknown }> = [];
  const fake = {
    send: (subject: string, _ctx: RequestContext, data: unknown) => {
      sent.push({ subject, data });
      if (typeof who === 'function') return who();
      const answer: MembershipGetResult = who === 'stranger' ? { member: false, role: null } : { member: true, role: who };
      return Promise.resolve(answer);
    },
  } as unknown as ServiceClient;
  return { client: new OrganizationAccessClient(fake, options), sent };
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a rejection');
}

describe('OrganizationAccessClient', () => {
  it('asks identity.membership.get for the caller, or for the user named', async () => {
    const { client, sent } = clientAnswering('read');
    await client.standing(ctx(), 'o1');
    await client.standing(ctx(), 'o1', 'u2');
    expect(sent).toEqual([
      { subject: 'identity.membership.get', data: { organizationId: 'o1', userId: 'u1' } },
      { subject: 'identity.membership.get', data: { organizationId: 'o1', userId: 'u2' } },
    ]);
  });

  it('asks once per request, organization and user', async () => {
    const { client, sent } = clientAnswering('edit');
    await client.require(ctx(), 'o1', 'sites.read');
    await client.require(ctx(), 'o1', 'openapi.read');
    await client.standing(ctx(), 'o1');
    expect(sent).toHaveLength(1);
    await client.standing(ctx('r2'), 'o1');
    await client.standing(ctx(), 'o2');
    expect(sent).toHaveLength(3);
  });

  it('asks again once the memo is older than its lifetime (a reused request id keeps no old role)', async () => {
    let now = 1_000;
    const { client, sent } = clientAnswering('admin', { now: () => now });
    await client.standing(ctx(), 'o1');
    now += 4_999;
    await client.standing(ctx(), 'o1');
    expect(sent).toHaveLength(1);
    now += 1;
    await client.standing(ctx(), 'o1');
    expect(sent).toHaveLength(2);
  });

  it("reuses a standing across requests through the service's live cache, until a change is heard", async () => {
    const cache = new MembershipCache();
    cache.resume();
    let role: MemberRole = 'admin';
    const { client, sent } = clientAnswering(() => Promise.resolve({ member: true, role }), { cache });
    await client.require(ctx('r1'), 'o1', 'sites.write');
    await new Promise(setImmediate);
    await client.require(ctx('r2'), 'o1', 'sites.write');
    expect(sent).toHaveLength(1);
    role = 'read';
    cache.invalidate({ organizationId: 'o1', userId: 'u1' });
    expect((await errorOf(client.require(ctx('r3'), 'o1', 'sites.write'))).code).toBe(403);
    expect(sent).toHaveLength(2);
  });

  it('memoises per request only while the cache is not live', async () => {
    const cache = new MembershipCache();
    const { client, sent } = clientAnswering('admin', { cache });
    await client.standing(ctx('r1'), 'o1');
    await client.standing(ctx('r1'), 'o1');
    await client.standing(ctx('r2'), 'o1');
    expect(sent).toHaveLength(2);
  });

  it('does not remember a failed question', async () => {
    let calls = 0;
    const { client } = clientAnswering(() =>
      ++calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve({ member: true, role: 'read' }),
    );
    await expect(client.standing(ctx(), 'o1')).rejects.toThrow('down');
    await expect(client.standing(ctx(), 'o1')).resolves.toEqual({ member: true, role: 'read' });
  });

  it.each(['stranger', null] as const)('answers the one 404 to a %s, whatever the action', async (who) => {
    const { client } = clientAnswering(who);
    for (const action of ['sites.read', 'sites.write', 'conversations.read', 'translations.read', 'openapi.write'] as const) {
      const error = await errorOf(client.require(ctx(), 'o1', action));
      expect(error).toBeInstanceOf(AppError);
      expect(error.code).toBe(404);
      expect(error.message).toBe(NO_ORGANIZATION);
    }
  });

  it('names the field that carried the organization in its 404', async () => {
    const { client } = clientAnswering('stranger');
    expect((await errorOf(client.require(ctx(), 'o1', 'content.admin', 'organization'))).message).toBe(`organization: ${NO_ORGANIZATION}`);
  });

  it.each([
    ['read', 'sites.write', 'create'],
    ['edit', 'openapi.write', 'create'],
    ['review', 'translations.write', 'create'],
    ['create', 'conversations.ingest', 'admin'],
    ['create', 'sites.admin', 'admin'],
  ] as const)('answers 403 to %s asking %s, naming the role needed', async (role, action, needed) => {
    const { client } = clientAnswering(role);
    const error = await errorOf(client.require(ctx(), 'o1', action));
    expect(error.code).toBe(403);
    expect(error.message).toBe(`This needs the "${needed}" role or higher in the organization`);
  });

  it('grants a member with the role, and says what else the role allows', async () => {
    const { client } = clientAnswering('create');
    const grant = await client.require(ctx(), 'o1', 'sites.read');
    expect(grant.role).toBe('create');
    expect(grant.can('sites.shareKeys')).toBe(true);
    expect(grant.can('sites.admin')).toBe(false);
  });

  // The table of ARCHITECTURE.md ("Organization-level access"), row by row.
  const table: Array<[OrganizationAction, Array<MemberRole | null>]> = [
    ['sites.read', ['read', 'comment', 'edit', 'review', 'create', 'admin']],
    ['sites.shareKeys', ['create', 'admin']],
    ['sites.write', ['create', 'admin']],
    ['sites.admin', ['admin']],
    ['openapi.read', ['read', 'comment', 'edit', 'review', 'create', 'admin']],
    ['openapi.write', ['create', 'admin']],
    ['conversations.read', ['read', 'comment', 'edit', 'review', 'create', 'admin']],
    ['conversations.ingest', ['admin']],
    ['translations.read', ['read', 'comment', 'edit', 'review', 'create', 'admin']],
    ['translations.write', ['create', 'admin']],
  ];
  it.each(table)('%s is allowed to exactly %j (never a guest)', (action, allowed) => {
    const roles: Array<MemberRole | null> = [null, 'read', 'comment', 'edit', 'review', 'create', 'admin'];
    expect(roles.filter((role) => organizationAllows(role, action))).toEqual(allowed);
  });
});
