import { createHmac } from 'node:crypto';
import { mkdir, mkdtemp, readFile, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, expectError, expectOperation } from '@bindery/testing';
import { createSpace, newOrgAdmin } from './content-helpers';
import { type GitInfo, GitHttpServer, tree } from './git-sync-helpers';
import { anonymousClient, newUser } from './helpers';
import { addMember, type TestUser } from './identity-helpers';

/** A small GitBook-format repository in a fresh directory (`extra` adds or replaces files; a Buffer is written as is). */
async function docsDir(extra: Record<string, string | Buffer> = {}): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'gitsync-docs-'));
  const files: Record<string, string | Buffer> = {
    'README.md': '# Welcome\n\nHello.\n',
    'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Guide](guide/start.md)\n',
    'guide/start.md': '# Guide\n\nStart here.\n',
    ...extra,
  };
  for (const [path, content] of Object.entries(files)) {
    await mkdir(join(dir, path, '..'), { recursive: true });
    await writeFile(join(dir, path), content);
  }
  return dir;
}

/** Waits for a job other than `after` to end; answers the info then. */
async function nextJob(client: ApiClient, spaceId: string, after?: string, timeoutMs = 90_000): Promise<GitInfo> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await client.get(`/v1/spaces/${spaceId}/git/info`);
    if (res.status === 200) {
      const info = expectOperation<GitInfo>(res, 'getSpaceGitInfo', 200);
      if (info.job && info.job.id !== after && ['succeeded', 'failed'].includes(info.job.status)) return info;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no job ended in time');
}

const texts = (value: unknown): string => JSON.stringify(value);

describe('git sync: hostile repositories and the push webhook', () => {
  const server = new GitHttpServer();
  let client: ApiClient;
  let orgId: string;

  beforeAll(async () => {
    await server.start();
    ({ client, orgId } = await newOrgAdmin('gitsync-hook'));
    await server.createRepo('docs', await docsDir());
    const hostile = await docsDir({
      'SUMMARY.md': '# Table of contents\n\n* [Welcome](README.md)\n* [Evil](../../etc/passwd)\n* [Logo](logo.md)\n',
      'logo.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]),
    });
    await symlink('/etc/passwd', join(hostile, 'passwd.md'));
    await server.createRepo('hostile', hostile);
  });

  afterAll(() => server.stop());

  it('fails a hostile repository once with its reasons: the space unchanged, the worker still importing', async () => {
    const space = await createSpace(client, orgId, 'Hostile');
    const before = await tree(client, space.id);
    await client.post(`/v1/spaces/${space.id}/git/import`, { url: server.url('hostile'), ref: 'refs/heads/main' });
    const failed = await nextJob(client, space.id);
    expect(failed.operation).toMatchObject({ state: 'failure', direction: 'import' });
    expect(failed.operation?.error).toMatch(/passwd\.md: a symlink/);
    expect(failed.operation?.error).toMatch(/"Evil" points outside the root \(\.\.\/\.\.\/etc\/passwd\)/);
    expect(failed.operation?.error).toMatch(/logo\.md: a binary file named \.md/);
    // Bad input is not retried: one attempt, failed for good.
    expect(failed.job).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await tree(client, space.id)).toEqual(before);
    // The worker is alive: the next import of the same space succeeds.
    await client.post(`/v1/spaces/${space.id}/git/import`, { url: server.url('docs'), ref: 'refs/heads/main' });
    expect((await nextJob(client, space.id, failed.job!.id)).operation?.state).toBe('success');
    expect((await tree(client, space.id)).map((p) => p.title)).toEqual(['Welcome', 'Guide']);
  }, 120_000);

  it('schedules an import on a push signed with the space’s secret (GitHub HMAC, GitLab token), ordered by the push time', async () => {
    const space = await createSpace(client, orgId, 'Hooked');
    const hook = `/v1/spaces/${space.id}/git/webhook`;
    // No sync yet: nothing to set a webhook on.
    expectError(await client.put(hook, {}), 404, /import or export once/);
    await client.post(`/v1/spaces/${space.id}/git/import`, {
      url: server.url('docs'),
      ref: 'refs/heads/main',
      timestamp: '2026-01-01T00:00:00.000Z',
    });
    const first = await nextJob(client, space.id);
    expect(first.webhook).toEqual({ configured: false });

    const set = await client.put<{ url: string; secret: string }>(hook, {});
    expect(set.status).toBe(200);
    expect(set.body.url).toMatch(new RegExp(`/v1/spaces/${space.id}/git/webhook$`));
    expect(set.body.secret.length).toBeGreaterThanOrEqual(32);
    expectError(await client.put(hook, { secret: 'short' }), 400, /secret/);
    const stranger = await newUser('gitsync-hook-stranger');
    expectError(await stranger.client.put(hook, {}), 404);
    // Members who may read or edit the space are not its admins: they can neither set nor remove
    // the secret, and the info they see has no job details (those name files of the repository).
    const org = { organizationId: orgId, admin: { client } as TestUser };
    for (const role of ['read', 'edit']) {
      const member = await addMember(org, role, `gitsync-hook-${role}`);
      expectError(await member.client.put(hook, {}), 403);
      expectError(await member.client.delete(hook), 403);
      const seen = expectOperation<GitInfo>(await member.client.get(`/v1/spaces/${space.id}/git/info`), 'getSpaceGitInfo', 200);
      expect(seen.job).toBeUndefined();
      expect(seen.webhook).toBeUndefined();
    }

    // A commit in git, then GitHub's push delivery.
    const work = await server.workTree('docs');
    await writeFile(join(work, 'guide', 'start.md'), (await readFile(join(work, 'guide', 'start.md'), 'utf8')) + '\nPushed from git.\n');
    await server.commitAll(work, 'push');
    const push = JSON.stringify({ ref: 'refs/heads/main', deleted: false, repository: { pushed_at: 1767312000 }, head_commit: null });
    const sign = (body: string, secret: string) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
    const deliver = (body: string, headers: Record<string, string>) => anonymousClient().request('POST', hook, body, headers);

    expectError(await deliver(push, { 'x-github-event': 'push' }), 401, /not signed/);
    expectError(await deliver(push, { 'x-github-event': 'push', 'x-hub-signature-256': sign(push, 'wrong-secret-wrong-secret') }), 401);
    // The signature covers the exact bytes: the same JSON re-serialised with a space is refused.
    expectError(
      await deliver(push.replace(':', ': '), { 'x-github-event': 'push', 'x-hub-signature-256': sign(push, set.body.secret) }),
      401,
    );
    const ping = await deliver('{"zen":"hi"}', { 'x-github-event': 'ping', 'x-hub-signature-256': sign('{"zen":"hi"}', set.body.secret) });
    expect(ping.status).toBe(202);
    expect(ping.body).toMatchObject({ scheduled: false });
    const other = JSON.stringify({ ref: 'refs/heads/other' });
    expect((await deliver(other, { 'x-github-event': 'push', 'x-hub-signature-256': sign(other, set.body.secret) })).body).toMatchObject({
      scheduled: false,
      reason: expect.stringMatching(/refs\/heads\/other/),
    });
    const accepted = await deliver(push, { 'x-github-event': 'push', 'x-hub-signature-256': sign(push, set.body.secret) });
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({ scheduled: true });
    const pushed = await nextJob(client, space.id, first.job!.id);
    expect(pushed.operation?.state).toBe('success');
    expect(pushed.webhook).toEqual({ configured: true });
    const guide = (await tree(client, space.id)).find((p) => p.title === 'Guide')!;
    const page = await client.get(`/v1/spaces/${space.id}/content/page/${guide.id}`);
    expect(texts(page.body)).toContain('Pushed from git.');

    // Rotated to a GitLab token: the old GitHub secret no longer verifies; an older push is skipped.
    expect((await client.put(hook, { secret: 'gitlab-token-0123456789' })).status).toBe(200);
    expectError(await deliver(push, { 'x-github-event': 'push', 'x-hub-signature-256': sign(push, set.body.secret) }), 401);
    const old = JSON.stringify({
      object_kind: 'push',
      ref: 'refs/heads/main',
      checkout_sha: 'abc',
      commits: [{ id: 'abc', timestamp: '2025-06-01T00:00:00Z' }],
    });
    const gitlab = await deliver(old, { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': 'gitlab-token-0123456789' });
    expect(gitlab.body).toEqual({ scheduled: true });
    const stale = await nextJob(client, space.id, pushed.job!.id);
    expect(stale.job).toMatchObject({ status: 'succeeded', message: expect.stringMatching(/skipped: an event newer/) });

    expect((await client.delete(hook)).status).toBe(204);
    expectError(await deliver(old, { 'x-gitlab-event': 'Push Hook', 'x-gitlab-token': 'gitlab-token-0123456789' }), 401);
  }, 180_000);
});
