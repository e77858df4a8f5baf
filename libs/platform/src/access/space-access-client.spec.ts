import type { MemberRole, RequestContext, SpaceAccessResult, SpacePermissions } from '@bindery/contracts';
import { AppError } from '../errors/app-error';
import type { ServiceClient } from '../nest/service-client';
import { SpaceAccessClient } from './space-access-client';

const ctx: RequestContext = { requestId: 'r1', baseUrl: 'http://x', caller: { userId: 'u1', tokenId: 't1' } };

function permissions(level: MemberRole | null): SpacePermissions {
  const at = (min: MemberRole[]) => level !== null && min.includes(level);
  return {
    view: level !== null,
    access: level !== null,
    admin: at(['admin', 'create']),
    viewInviteLinks: at(['admin', 'create']),
    edit: at(['admin', 'create', 'review', 'edit']),
    triggerGitSync: at(['admin', 'create', 'review', 'edit']),
    comment: at(['admin', 'create', 'review', 'edit', 'comment']),
    merge: at(['admin', 'create', 'review', 'edit']),
    review: at(['admin', 'create', 'review']),
    installIntegration: at(['admin']),
  };
}

function clientAnswering(level: MemberRole | null) {
  const sent: Array<{ subject: string; data: unknown }> = [];
  const fake = {
    send: (subject: string, _ctx: RequestContext, data: unknown) => {
      sent.push({ subject, data });
      const answer: SpaceAccessResult = { space: 's1', organization: 'o1', user: 'u1', level, permissions: permissions(level) };
      return Promise.resolve(answer);
    },
  } as unknown as ServiceClient;
  return { client: new SpaceAccessClient(fake), sent };
}

async function errorOf(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a rejection');
}

describe('SpaceAccessClient', () => {
  it('asks content.space.access for the caller, or for the user named', async () => {
    const { client, sent } = clientAnswering('edit');
    await client.level(ctx, 's1');
    await client.level(ctx, 's1', 'u2');
    expect(sent).toEqual([
      { subject: 'content.space.access', data: { spaceId: 's1' } },
      { subject: 'content.space.access', data: { spaceId: 's1', userId: 'u2' } },
    ]);
  });

  it('returns the organization and permissions when the level allows the action', async () => {
    const { client } = clientAnswering('edit');
    const access = await client.require(ctx, 's1', 'edit');
    expect(access.organization).toBe('o1');
    expect(access.permissions.edit).toBe(true);
  });

  it('answers 404 without a level, as content does for an unknown space', async () => {
    const { client } = clientAnswering(null);
    const error = await errorOf(client.require(ctx, 's1', 'view'));
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe(404);
    expect(error.message).toBe('No matching space found');
  });

  it.each([
    ['read', 'comment', 'comment'],
    ['comment', 'edit', 'edit'],
    ['edit', 'review', 'review'],
    ['review', 'admin', 'create'],
  ] as const)('answers 403 to %s asking to %s, naming the level needed', async (level, action, needed) => {
    const { client } = clientAnswering(level);
    const error = await errorOf(client.require(ctx, 's1', action));
    expect(error.code).toBe(403);
    expect(error.message).toBe(`This needs the "${needed}" level or higher on the space`);
  });
});
