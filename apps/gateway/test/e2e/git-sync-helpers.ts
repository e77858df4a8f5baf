import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ApiClient, devDataPath, expectOperation, type GitHttpServer } from '@bindery/testing';
export { GitHttpServer, gitIn } from '@bindery/testing';

/** The GitBook-format repository the issue gives (not a git repository itself: tests commit it). */
export const DEV_REPO = devDataPath('gitbook-dev', 'beefree-sdk-docs');

export interface TreePage {
  id: string;
  title: string;
  slug: string;
  updatedAt?: string;
  pages?: TreePage[];
  document?: { nodes: unknown[] };
}

export interface GitInfo {
  repoName: string;
  url: string;
  operation?: { state: string; direction: string; error?: string };
  job?: { id: string; status: string; attempts: number; message: string | null; error: string | null };
  webhook?: { configured: boolean };
}

/**
 * Polls getSpaceGitInfo until the last operation in `direction` ended. A 503 is tolerated: while
 * content applies a large import, the access check behind `info` may time out on a shared machine.
 */
export async function waitForSync(client: ApiClient, spaceId: string, direction: string, timeoutMs = 240_000): Promise<GitInfo> {
  const deadline = Date.now() + timeoutMs;
  let last: GitInfo | undefined;
  while (Date.now() < deadline) {
    const res = await client.get(`/v1/spaces/${spaceId}/git/info`);
    if (res.status === 200) {
      last = expectOperation<GitInfo>(res, 'getSpaceGitInfo', 200);
      if (last.operation?.direction === direction && ['success', 'failure'].includes(last.operation.state)) return last;
    } else if (res.status !== 503) expectOperation(res, 'getSpaceGitInfo', 200);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no finished ${direction} in time: ${JSON.stringify(last)}`);
}

/**
 * The space's page tree. `validate: false` for imported repositories of hundreds of pages: the
 * official Document schema is deeply recursive and ajv takes minutes on such a revision (the
 * schema is checked on the small spaces).
 */
export async function tree(client: ApiClient, spaceId: string, validate = true): Promise<TreePage[]> {
  const res = await client.get<{ pages: TreePage[] }>(`/v1/spaces/${spaceId}/content`);
  if (validate) return expectOperation<{ pages: TreePage[] }>(res, 'getCurrentRevision', 200).pages;
  expect(res.status).toBe(200);
  return res.body.pages;
}

export const flatten = (pages: TreePage[]): TreePage[] => pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);

/**
 * A small handbook whose content lives under `docs/` (`.gitbook.yaml`'s `root:`): a readme and one
 * page, `docs/guide/start.md` ("Start here"), served by `server` as `name`.
 */
export async function createRootedHandbook(server: GitHttpServer, name: string): Promise<void> {
  const repo = await mkdtemp(join(tmpdir(), `${name}-`));
  await mkdir(join(repo, 'docs', 'guide'), { recursive: true });
  await writeFile(join(repo, '.gitbook.yaml'), 'root: ./docs/\n');
  await writeFile(join(repo, 'docs', 'README.md'), '# Handbook\n\nHello.\n');
  await writeFile(join(repo, 'docs', 'SUMMARY.md'), '# Table of contents\n\n* [Handbook](README.md)\n* [Start here](guide/start.md)\n');
  await writeFile(join(repo, 'docs', 'guide', 'start.md'), '# Start here\n\nStart here.\n');
  await server.createRepo(name, repo);
}
