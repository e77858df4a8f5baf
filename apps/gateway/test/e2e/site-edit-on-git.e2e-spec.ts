import { expectOperation, testStack } from '@bindery/testing';
import { createSpace, newOrgAdmin, type PageBody } from './content-helpers';
import { createRootedHandbook, GitHttpServer, waitForSync } from './git-sync-helpers';
import { eventually } from './helpers';
import type { SiteBody } from './sites-helpers';

type Settings = Record<string, unknown> & { pageActions: { items: string[] } };

/** The page menu's `git` action: pages of a git-synced space link to their file in the repository. */
describe('reader: "Edit on GitHub" for git-synced spaces', () => {
  const server = new GitHttpServer();
  const read = async (path: string) => (await fetch(`${testStack().readerUrl}${path}`)).text();

  beforeAll(async () => {
    await server.start();
    // Content under `docs/` (`.gitbook.yaml`'s root): the link holds the root, the branch and the page's file.
    await createRootedHandbook(server, 'handbook');
  });

  afterAll(() => server.stop());

  it('shows the link once the customization asks for it, built from the repository, branch, root and page path', async () => {
    const { client, orgId } = await newOrgAdmin('editgit');
    const space = await createSpace(client, orgId, 'Handbook');
    expectOperation(
      await client.post(`/v1/spaces/${space.id}/git/import`, {
        url: server.url('handbook'),
        ref: 'refs/heads/main',
        gitInfo: { provider: 'github', url: 'https://github.com/acme/handbook' },
      }),
      'importGitRepository',
      204,
    );
    expect((await waitForSync(client, space.id, 'import')).operation).toMatchObject({ state: 'success' });
    const pages = expectOperation<{ pages: PageBody[] }>(await client.get(`/v1/spaces/${space.id}/content/pages`), 'listPages', 200).pages;
    const start = pages.find((p) => p.title === 'Start here') as PageBody & { path: string };

    const site = expectOperation<SiteBody>(
      await client.post(`/v1/orgs/${orgId}/sites`, { title: 'Docs', spaces: [space.id] }),
      'createSite',
      201,
    );
    const base = `/v1/orgs/${orgId}/sites/${site.id}`;
    expectOperation<SiteBody>(await client.patch(base, { basename: 'handbook', visibility: 'public' }), 'updateSiteById', 200);
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);
    const page = `/${orgId}/handbook/${start.path}`;
    await eventually(async () => expect(await read(page)).toContain('<h1>Start here</h1>'), 10_000);
    // The default page menu has no `git` action: no link.
    expect(await read(page)).not.toContain('edit-on-git');

    const url = `${base}/customization`;
    const defaults = expectOperation<Settings>(await client.get(url), 'getSiteCustomizationById', 200);
    expectOperation<Settings>(
      await client.put(url, { ...defaults, pageActions: { items: ['markdown', 'git'] } }),
      'updateSiteCustomizationById',
      200,
    );
    await eventually(
      async () =>
        expect(await read(page)).toContain(
          '<a class="edit-on-git" href="https://github.com/acme/handbook/edit/main/docs/guide/start.md" rel="noopener">Edit on GitHub</a>',
        ),
      10_000,
    );
    expect(await read(`/${orgId}/handbook`)).toContain('href="https://github.com/acme/handbook/edit/main/docs/README.md"');
  });
});
