import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, expectError, expectOperation, OpenApiValidator, testStack } from '@bindery/testing';
import { createSpace, newOrgAdmin } from './content-helpers';
import { DEV_REPO, flatten, GitHttpServer, gitIn, type TreePage, tree, waitForSync } from './git-sync-helpers';
import { newUser } from './helpers';

const PASSWORD = 's3cr3t-pa55word-e2e';

describe('git sync: import and export over smart HTTP', () => {
  const server = new GitHttpServer();
  const authed = new GitHttpServer({ username: 'bot', password: PASSWORD });
  let client: ApiClient;
  let orgId: string;

  beforeAll(async () => {
    await server.start();
    await authed.start();
    ({ client, orgId } = await newOrgAdmin('gitsync'));
    await server.createRepo('dev', DEV_REPO);
    // A small repository: the credential checks need no thousand-file import.
    const small = await mkdtemp(join(tmpdir(), 'gitsync-small-'));
    await mkdir(join(small, 'guide'));
    await writeFile(join(small, 'README.md'), '# Private docs\n\nHello.\n');
    await writeFile(join(small, 'SUMMARY.md'), '# Table of contents\n\n* [Private docs](README.md)\n* [Guide](guide/start.md)\n');
    await writeFile(join(small, 'guide', 'start.md'), '# Guide\n\nStart here.\n');
    await authed.createRepo('private', small);
  });

  afterAll(async () => {
    await server.stop();
    await authed.stop();
  });

  it('refuses bad input with a 4xx naming the field, and other organizations’ spaces with a 404', async () => {
    const space = await createSpace(client, orgId, 'Bad input');
    const post = (body: unknown) => client.post(`/v1/spaces/${space.id}/git/import`, body);
    expectError(await post({ ref: 'refs/heads/main' }), 400, /url/);
    expectError(await post({ url: 'file:///etc', ref: 'refs/heads/main' }), 400, /url/);
    expectError(await post({ url: 'ssh://git@example.com/x.git', ref: 'refs/heads/main' }), 400, /url/);
    expectError(await post({ url: 'ext::sh -c touch% /tmp/pwned', ref: 'refs/heads/main' }), 400, /url/);
    expectError(await post({ url: 'http://169.254.169.254/repo.git', ref: 'refs/heads/main' }), 400, /link-local/);
    expectError(await post({ url: server.url('dev'), ref: 'main' }), 400, /ref/);
    expectError(await post({ url: server.url('dev'), ref: 'refs/heads/a..b' }), 400, /ref/);
    expectError(await post({ url: server.url('dev'), ref: 'refs/heads/main', timestamp: 'yesterday' }), 400, /timestamp/);
    expectError(
      await client.post(`/v1/spaces/${space.id}/git/export`, { url: server.url('dev'), ref: 'refs/heads/main' }),
      400,
      /commitMessage/,
    );
    const stranger = await newUser('gitsync-stranger');
    expectError(await stranger.client.post(`/v1/spaces/${space.id}/git/import`, { url: server.url('dev'), ref: 'refs/heads/main' }), 404);
    expectError(await client.get(`/v1/spaces/${space.id}/git/info`), 404);
  });

  it('imports the dev repository: the summary’s tree, the readme first, bodies and assets; then re-imports one changed page', async () => {
    const space = await createSpace(client, orgId, 'Beefree');
    expectOperation(
      await client.post(`/v1/spaces/${space.id}/git/import`, {
        url: server.url('dev'),
        ref: 'refs/heads/main',
        timestamp: '2026-01-01T00:00:00.000Z',
      }),
      'importGitRepository',
      204,
    );
    const info = await waitForSync(client, space.id, 'import');
    expect(info.operation).toMatchObject({ state: 'success' });
    expect(info.repoName).toBe('dev');
    const pages = await tree(client, space.id, false);
    // SUMMARY.md opens with the group "## Getting Started", which holds the readme and its children.
    expect(pages[0].title).toBe('Getting Started');
    expect(pages[0].pages![0].title).toBe('Introduction to Beefree SDK');
    expect(pages[0].pages![0].pages!.map((p) => p.title)).toContain('Create an Application');
    const all = flatten(pages);
    const summary = readFileSync(join(DEV_REPO, 'SUMMARY.md'), 'utf8');
    const entries = summary.split('\n').filter((l) => /^\s*[*-] \[/.test(l)).length;
    const groups = summary.split('\n').filter((l) => /^## /.test(l)).length;
    expect(all.length).toBe(entries + groups);
    const files = expectOperation<{ items: unknown[] }>(
      await client.get(`/v1/spaces/${space.id}/content/files?limit=1000`),
      'listFiles',
      200,
    );
    expect(files.items.length).toBeGreaterThan(10);

    // One page changes in git: the re-import changes that page only.
    const work = await server.workTree('dev');
    const target = join(work, 'getting-started', 'readme', 'create-an-application.md');
    writeFileSync(target, readFileSync(target, 'utf8') + '\n\nA paragraph added in git.\n');
    await server.commitAll(work, 'one page');
    const before = new Map(all.map((p) => [p.id, p.updatedAt]));
    expectOperation(
      await client.post(`/v1/spaces/${space.id}/git/import`, {
        url: server.url('dev'),
        ref: 'refs/heads/main',
        timestamp: '2026-01-02T00:00:00.000Z',
      }),
      'importGitRepository',
      204,
    );
    await waitForSync(client, space.id, 'import');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const after = flatten(await tree(client, space.id, false));
    expect(after.map((p) => p.id)).toEqual(all.map((p) => p.id));
    const changed = after.filter((p) => p.updatedAt !== before.get(p.id)).map((p) => p.title);
    expect(changed).toEqual(['Create an Application']);

    // An older event than the last applied one is skipped.
    writeFileSync(target, 'stale\n');
    await server.commitAll(work, 'stale');
    await client.post(`/v1/spaces/${space.id}/git/import`, {
      url: server.url('dev'),
      ref: 'refs/heads/main',
      timestamp: '2025-12-31T00:00:00.000Z',
    });
    await waitForSync(client, space.id, 'import');
    const unchanged = flatten(await tree(client, space.id, false));
    expect(unchanged.map((p) => p.updatedAt)).toEqual(after.map((p) => p.updatedAt));

    // Export to an empty repository, then import that into a new space: the same tree.
    await server.createRepo('exported');
    expectOperation(
      await client.post(`/v1/spaces/${space.id}/git/export`, {
        url: server.url('exported'),
        ref: 'refs/heads/main',
        commitMessage: 'Export from Bindery',
        timestamp: '2026-01-03T00:00:00.000Z',
      }),
      'exportToGitRepository',
      204,
    );
    expect((await waitForSync(client, space.id, 'export')).operation).toMatchObject({ state: 'success' });
    const exported = await server.workTree('exported');
    expect(await gitIn(exported, 'log', '--format=%s')).toBe('Export from Bindery\n');
    expect(readdirSync(exported)).toEqual(expect.arrayContaining(['SUMMARY.md', 'README.md', '.gitbook']));
    expect(readFileSync(join(exported, 'SUMMARY.md'), 'utf8')).toContain(
      '[Create an Application](getting-started/readme/create-an-application.md)',
    );
    // An export with no change makes no commit.
    await client.post(`/v1/spaces/${space.id}/git/export`, { url: server.url('exported'), ref: 'refs/heads/main', commitMessage: 'again' });
    await waitForSync(client, space.id, 'export');
    expect(await gitIn(await server.workTree('exported'), 'log', '--format=%s')).toBe('Export from Bindery\n');

    const copy = await createSpace(client, orgId, 'Round trip');
    await client.post(`/v1/spaces/${copy.id}/git/import`, { url: server.url('exported'), ref: 'refs/heads/main' });
    expect((await waitForSync(client, copy.id, 'import')).operation).toMatchObject({ state: 'success' });
    const titles = (pages: TreePage[]): unknown => pages.map((p) => [p.title, titles(p.pages ?? [])]);
    expect(titles(await tree(client, copy.id, false))).toEqual(titles(await tree(client, space.id, false)));
  }, 900_000);

  it('uses credentials in the URL for the fetch only: never in info, job state or logs', async () => {
    const space = await createSpace(client, orgId, 'Private');
    expectOperation(
      await client.post(`/v1/spaces/${space.id}/git/import`, { url: authed.url('private', `bot:${PASSWORD}@`), ref: 'refs/heads/main' }),
      'importGitRepository',
      204,
    );
    const info = await waitForSync(client, space.id, 'import');
    expect(info.operation).toMatchObject({ state: 'success' });
    expect(JSON.stringify(info)).not.toContain(PASSWORD);
    expect(info.url).toBe(authed.url('private'));
    // A wrong password fails with a reason that does not repeat it.
    await client.post(`/v1/spaces/${space.id}/git/import`, { url: authed.url('private', 'bot:wrong-pass-123@'), ref: 'refs/heads/main' });
    const failed = await waitForSync(client, space.id, 'import', 120_000);
    expect(failed.operation?.state).toBe('failure');
    expect(failed.operation?.error).not.toContain('wrong-pass-123');
    const logs = join(testStack().dataDir, 'logs');
    for (const file of readdirSync(logs)) {
      const text = readFileSync(join(logs, file), 'utf8');
      expect(text.includes(PASSWORD) || text.includes('wrong-pass-123')).toBe(false);
    }
  }, 600_000);

  it('reports an unknown ref as a failed import and leaves the space unchanged; deletes the legacy installation (204 twice)', async () => {
    const space = await createSpace(client, orgId, 'Unknown ref');
    const before = await tree(client, space.id);
    await client.post(`/v1/spaces/${space.id}/git/import`, { url: server.url('dev'), ref: 'refs/heads/nope' });
    const info = await waitForSync(client, space.id, 'import', 120_000);
    expect(info.operation).toMatchObject({ state: 'failure' });
    expect(info.operation?.error).toMatch(/no branch nope/);
    expect(await tree(client, space.id)).toEqual(before);
    // The operation only exists in @gitbook/api 0.181.0; the spec's 204 is answered in both cases.
    const legacy = new OpenApiValidator('@gitbook/api-0.181');
    expectOperation(await client.delete(`/v1/spaces/${space.id}/git/legacy-installation`), 'deleteLegacyGitInstallation', 204, legacy);
    expectOperation(await client.delete(`/v1/spaces/${space.id}/git/legacy-installation`), 'deleteLegacyGitInstallation', 204, legacy);
    expectError(await client.get(`/v1/spaces/${space.id}/git/info`), 404);
  }, 120_000);
});
