import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, merge, newOrgAdmin, spacePage } from './content-helpers';
import { createRootedHandbook, flatten, GitHttpServer, gitIn, tree, waitForSync } from './git-sync-helpers';

/** `.gitbook.yaml`'s `root:` holds both ways: an export writes the pages where the import read them. */
describe('git sync: an export writes under the root `.gitbook.yaml` names', () => {
  const server = new GitHttpServer();

  beforeAll(async () => {
    await server.start();
    await createRootedHandbook(server, 'handbook');
  });

  afterAll(() => server.stop());

  it('an edit in Bindery comes back as a one-file commit of docs/guide/start.md, nothing at the top', async () => {
    const { client, orgId } = await newOrgAdmin('exportroot');
    const space = await createSpace(client, orgId, 'Handbook');
    const sync = { url: server.url('handbook'), ref: 'refs/heads/main' };
    expectOperation(await client.post(`/v1/spaces/${space.id}/git/import`, sync), 'importGitRepository', 204);
    expect((await waitForSync(client, space.id, 'import')).operation).toMatchObject({ state: 'success' });

    const start = flatten(await tree(client, space.id)).find((page) => page.title === 'Start here')!;
    const before = await spacePage(client, space.id, start.id);
    const cr = await createChangeRequest(client, space.id, 'Edit start');
    const added = {
      object: 'block',
      type: 'paragraph',
      key: 'export-root-added',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'Written back under the root.', marks: [] }] }],
    };
    await editContent(client, space.id, cr.id, [
      {
        operation: 'update_page',
        page: start.id,
        document: { document: { ...before.document!, nodes: [...before.document!.nodes, added] } },
      },
    ]);
    await merge(client, space.id, cr.id);
    expectOperation(
      await client.post(`/v1/spaces/${space.id}/git/export`, { ...sync, commitMessage: 'Edit start' }),
      'exportToGitRepository',
      204,
    );
    expect((await waitForSync(client, space.id, 'export')).operation).toMatchObject({ state: 'success' });

    const out = await server.workTree('handbook');
    expect(await gitIn(out, 'log', '-1', '--format=%s')).toBe('Edit start\n');
    // Before: the export wrote to the project directory (the top), beside the root it had read from.
    expect((await gitIn(out, 'diff', '--name-only', 'HEAD~1', 'HEAD')).trim()).toBe('docs/guide/start.md');
    expect(await readFile(join(out, 'docs', 'guide', 'start.md'), 'utf8')).toContain('Written back under the root.');
  }, 300_000);
});
