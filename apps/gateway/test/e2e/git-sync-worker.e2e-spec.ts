import { ALL_APPS, type ApiClient, controlTestStack, expectOperation } from '@bindery/testing';
import { createSpace, newOrgAdmin } from './content-helpers';
import { DEV_REPO, GitHttpServer } from './git-sync-helpers';

interface TreePage {
  title: string;
  pages?: TreePage[];
}
const count = (pages: TreePage[]): number => pages.reduce((n, p) => n + 1 + count(p.pages ?? []), 0);

async function pagesOf(client: ApiClient, spaceId: string): Promise<TreePage[]> {
  return expectOperation<{ pages: TreePage[] }>(await client.get(`/v1/spaces/${spaceId}/content`), 'getCurrentRevision', 200).pages;
}

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
    const initial = count(await pagesOf(client, space.id));
    const stack = await controlTestStack();
    expectOperation(
      await client.post(`/v1/spaces/${space.id}/git/import`, { url: server.url('dev'), ref: 'refs/heads/main' }),
      'importGitRepository',
      204,
    );
    // The import is under way (fetching or parsing) when the worker dies.
    for (let i = 0; i < 100; i++) {
      const info = expectOperation<{ operation?: { state: string } }>(
        await client.get(`/v1/spaces/${space.id}/git/info`),
        'getSpaceGitInfo',
        200,
      );
      if (info.operation?.state === 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stack.stopApp('git-sync-worker', { crash: true });
    const during = count(await pagesOf(client, space.id));
    // Either nothing or everything: a revision is applied in one transaction.
    expect(during === initial || during > 100).toBe(true);
    stack.startApp(ALL_APPS.find((a) => a.name === 'git-sync-worker')!);
    const deadline = Date.now() + 300_000;
    let state = '';
    while (Date.now() < deadline && state !== 'success') {
      const info = expectOperation<{ operation?: { state: string } }>(
        await client.get(`/v1/spaces/${space.id}/git/info`),
        'getSpaceGitInfo',
        200,
      );
      state = info.operation?.state ?? '';
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(state).toBe('success');
    const pages = await pagesOf(client, space.id);
    expect(pages[0].title).toBe('Introduction to Beefree SDK');
    expect(count(pages)).toBeGreaterThan(100);
  }, 600_000);
});
