import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, merge, newOrgAdmin, spacePage } from './content-helpers';
import { DEV_REPO, flatten, GitHttpServer, gitIn, tree, waitForSync } from './git-sync-helpers';

/** Root-relative paths of the Markdown files under a folder (no `.git`). */
function markdownFiles(root: string, folder = root): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === '.git' ? [] : markdownFiles(root, path);
    return entry.name.endsWith('.md') ? [relative(root, path).split('\\').join('/')] : [];
  });
}

/** The page files SUMMARY.md lists (a folder entry is its README.md), and the readme. */
function summaryPages(root: string): Set<string> {
  const summary = readFileSync(join(root, 'SUMMARY.md'), 'utf8');
  const pages = new Set(['README.md']);
  for (const [, href] of summary.matchAll(/^\s*[*-]\s+\[.*\]\(<?([^)\s>]*)>?[^)]*\)\s*$/gm)) {
    if (/^[a-z]+:/i.test(href)) continue;
    const path = decodeURIComponent(href.split('#')[0]);
    pages.add(path.endsWith('/') ? posix.join(path, 'README.md') : path);
  }
  return pages;
}

describe('git sync: import then export changes no file nobody edited', () => {
  const server = new GitHttpServer();

  beforeAll(async () => {
    await server.start();
    await server.createRepo('dev', DEV_REPO);
    await server.createRepo('out');
  });

  afterAll(async () => {
    await server.stop();
  });

  it('exports every untouched page byte for byte, and an edit in Bindery as a one-file commit', async () => {
    const { client, orgId } = await newOrgAdmin('gitsync-roundtrip');
    const space = await createSpace(client, orgId, 'Round trip');
    expectOperation(
      await client.post(`/v1/spaces/${space.id}/git/import`, { url: server.url('dev'), ref: 'refs/heads/main' }),
      'importGitRepository',
      204,
    );
    expect((await waitForSync(client, space.id, 'import')).operation).toMatchObject({ state: 'success' });

    expectOperation(
      await client.post(`/v1/spaces/${space.id}/git/export`, { url: server.url('out'), ref: 'refs/heads/main', commitMessage: 'Export' }),
      'exportToGitRepository',
      204,
    );
    expect((await waitForSync(client, space.id, 'export')).operation).toMatchObject({ state: 'success' });

    // Every page file SUMMARY.md lists comes out where it was, byte for byte (SUMMARY.md itself is regenerated).
    let out = await server.workTree('out');
    const pages = summaryPages(DEV_REPO);
    const exported = markdownFiles(out).filter((path) => path !== 'SUMMARY.md');
    expect(exported.sort()).toEqual([...pages].filter((path) => markdownFiles(DEV_REPO).includes(path)).sort());
    const changed = exported.filter((path) => !readFileSync(join(out, path)).equals(readFileSync(join(DEV_REPO, path))));
    expect(changed).toEqual([]);

    // One page edited through the API: the next export is a commit of that file only.
    const target = flatten(await tree(client, space.id, false)).find((page) => page.title === 'Create an Application')!;
    const before = await spacePage(client, space.id, target.id);
    const cr = await createChangeRequest(client, space.id, 'One edit');
    const added = {
      object: 'block',
      type: 'paragraph',
      key: 'roundtrip-added',
      data: {},
      nodes: [{ object: 'text', leaves: [{ object: 'leaf', text: 'A paragraph added in Bindery.', marks: [] }] }],
    };
    await editContent(client, space.id, cr.id, [
      {
        operation: 'update_page',
        page: target.id,
        document: { document: { ...before.document!, nodes: [...before.document!.nodes, added] } },
      },
    ]);
    await merge(client, space.id, cr.id);
    await client.post(`/v1/spaces/${space.id}/git/export`, { url: server.url('out'), ref: 'refs/heads/main', commitMessage: 'One edit' });
    expect((await waitForSync(client, space.id, 'export')).operation).toMatchObject({ state: 'success' });
    out = await server.workTree('out');
    expect(await gitIn(out, 'log', '-1', '--format=%s')).toBe('One edit\n');
    expect((await gitIn(out, 'diff', '--name-only', 'HEAD~1', 'HEAD')).trim()).toBe('getting-started/readme/create-an-application.md');
    expect(readFileSync(join(out, 'getting-started/readme/create-an-application.md'), 'utf8')).toContain('A paragraph added in Bindery.');
  }, 900_000);
});
