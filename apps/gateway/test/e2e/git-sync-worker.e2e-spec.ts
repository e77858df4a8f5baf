import { ALL_APPS, controlTestStack, expectOperation } from '@bindery/testing';
import { createSpace, newOrgAdmin } from './content-helpers';
import { DEV_REPO, flatten, GitHttpServer, tree, waitForSync } from './git-sync-helpers';

describe('git sync worker: kill -9 mid-import', () => {
  const server = new GitHttpServer();

  beforeAll(async () => {
    await server.start();
    await server.createRepo('dev', DEV_REPO);
  });

  afterAll(() => server.stop());

  it('loses nothing and shows no half-imported revision: the job runs again after the restart', async () => {
    const { client, orgId } = await newOrgAdmin('gitsync-kill');
    const space = await createSpace(client, orgId, 'Killed');
    const initial = flatten(await tree(client, space.id)).length;
    const stack = await controlTestStack();
    expectOperation(
      await client.post(`/v1/spaces/${space.id}/git/import`, { url: server.url('dev'), ref: 'refs/heads/main' }),
      'importGitRepository',
      204,
    );
    // The import is under way (fetching or parsing) when the worker dies. Waited for without a
    // short deadline: on a loaded machine the job may sit queued for seconds, and killing the
    // worker before it ran (or after it finished) would not test a crash mid-import.
    let state: string | undefined;
    for (let i = 0; i < 1200 && state !== 'running'; i++) {
      const res = await client.get(`/v1/spaces/${space.id}/git/info`);
      state = res.status === 200 ? (res.body as { operation?: { state: string } }).operation?.state : undefined;
      if (state !== 'running') await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(state).toBe('running');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stack.stopApp('git-sync-worker', { crash: true });
    const during = flatten(await tree(client, space.id, false)).length;
    // Either nothing or everything: a revision is applied in one transaction.
    expect(during === initial || during > 100).toBe(true);
    stack.startApp(ALL_APPS.find((a) => a.name === 'git-sync-worker')!);
    await stack.waitUntilReady();
    const info = await waitForSync(client, space.id, 'import', 300_000);
    expect(info.operation?.state).toBe('success');
    // The admin sees the job ran more than once.
    expect(info.job?.attempts).toBeGreaterThanOrEqual(2);
    const pages = await tree(client, space.id, false);
    // SUMMARY.md opens with the group "## Getting Started", which holds the readme.
    expect(pages[0].title).toBe('Getting Started');
    expect(pages[0].pages![0].title).toBe('Introduction to Beefree SDK');
    expect(flatten(pages).length).toBeGreaterThan(100);
  }, 600_000);
});
