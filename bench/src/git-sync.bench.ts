import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient, GitHttpServer, gitIn, testStack } from '@bindery/testing';

const SECTIONS = 10;
const PAGES = Number(process.env.BENCH_GIT_PAGES ?? 1000);
const ASSETS = Number(process.env.BENCH_GIT_ASSETS ?? 1000);

interface Info {
  operation?: { state: string; error?: string };
  job?: { id: string; status: string; message: string | null; error: string | null };
}
interface TreePage {
  id: string;
  title: string;
  pages?: TreePage[];
}

/**
 * Git sync at scale (issue #13's targets): a generated GitBook repository of PAGES pages (10
 * groups, ~1.5 KB of Markdown each with headings, lists, code, a hint, a link and an image) and
 * ASSETS assets, served over smart HTTP on 127.0.0.1. Import end to end (< 20 s), re-import after a
 * one-page commit (< 3 s), export after a one-page edit (< 3 s, one file in the commit).
 */
export async function gitSyncBench(): Promise<string[]> {
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const api = new ApiClient(gatewayUrl, adminToken);
  const server = new GitHttpServer();
  await server.start();
  const source = await mkdtemp(join(tmpdir(), 'bench-gitsync-'));
  const lines: string[] = [`generated ${PAGES} pages and ${ASSETS} assets`];
  try {
    await generate(source);
    await server.createRepo('big', source);
    await server.createRepo('out');
    const space = (await call<{ id: string }>(api, 'POST', `/v1/orgs/${adminOrganizationId}/spaces`, { title: 'Git bench' })).id;
    const target = { url: server.url('big'), ref: 'refs/heads/main' };

    const importMs = await synced(api, space, () => call(api, 'POST', `/v1/spaces/${space}/git/import`, target));
    const pages = flatten((await call<{ pages: TreePage[] }>(api, 'GET', `/v1/spaces/${space}/content`)).pages);
    lines.push(`import of ${pages.length} pages / ${ASSETS} assets: ${importMs} ms end to end (target < 20,000 ms)`);

    const work = await server.workTree('big');
    const changed = join(work, 'section-3', 'page-42.md');
    await writeFile(changed, (await readFile(changed, 'utf8')) + '\nOne more paragraph, committed in git.\n');
    await server.commitAll(work, 'one page');
    const reimportMs = await synced(api, space, () => call(api, 'POST', `/v1/spaces/${space}/git/import`, target));
    lines.push(`re-import after a one-page commit: ${reimportMs} ms (target < 3,000 ms)`);

    const out = { url: server.url('out'), ref: 'refs/heads/main', commitMessage: 'first export' };
    const firstExportMs = await synced(api, space, () => call(api, 'POST', `/v1/spaces/${space}/git/export`, out));
    lines.push(`first export (${pages.length} pages, ${ASSETS} assets, to an empty repository): ${firstExportMs} ms`);
    await editOnePage(api, space, pages.find((p) => p.title === 'Page 3.17')!.id);
    const exportMs = await synced(api, space, () =>
      call(api, 'POST', `/v1/spaces/${space}/git/export`, { ...out, commitMessage: 'one edit' }),
    );
    const exported = await server.workTree('out');
    const stat = (await gitIn(exported, 'show', '--name-only', '--format=', 'HEAD')).trim().split('\n');
    lines.push(
      `export after a one-page edit: ${exportMs} ms, commit touches ${stat.length} file(s): ${stat.join(', ')} (target < 3,000 ms, 1 file)`,
    );
    lines.push('(a shared 2-core machine: figures vary with what else runs)');
    return lines;
  } catch (error) {
    return [...lines, `failed: ${(error as Error).message}`];
  } finally {
    await server.stop();
    await rm(source, { recursive: true, force: true });
  }
}

/** Runs `start` and waits until the space's last git job ended; the time from the request to then. */
async function synced(api: ApiClient, space: string, start: () => Promise<unknown>): Promise<number> {
  const before = (await api.get<Info>(`/v1/spaces/${space}/git/info`)).body?.job?.id;
  const started = Date.now();
  await start();
  for (;;) {
    const res = await api.get<Info>(`/v1/spaces/${space}/git/info`);
    const job = res.status === 200 ? res.body.job : undefined;
    if (job && job.id !== before && (job.status === 'succeeded' || job.status === 'failed')) {
      if (job.status === 'failed') throw new Error(`git job failed: ${job.error}`);
      const ms = Date.now() - started;
      // The job's own account (phase times), cut before its notes.
      console.log(`  ${ms} ms; job: ${(job.message ?? '').split('; ').slice(0, 2).join('; ').slice(0, 300)}`);
      return ms;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function editOnePage(api: ApiClient, space: string, page: string): Promise<void> {
  const cr = (await call<{ id: string }>(api, 'POST', `/v1/spaces/${space}/change-requests`, { subject: 'bench edit' })).id;
  await call(api, 'POST', `/v1/spaces/${space}/change-requests/${cr}/content`, {
    changes: [{ operation: 'update_page', page, document: { markdown: 'Edited in Bindery for the export bench.\n' } }],
  });
  await call(api, 'POST', `/v1/spaces/${space}/change-requests/${cr}/merge`);
}

async function generate(dir: string): Promise<void> {
  await mkdir(join(dir, '.gitbook', 'assets'), { recursive: true });
  const perSection = Math.ceil(PAGES / SECTIONS);
  const summary = ['# Table of contents', '', '* [Introduction](README.md)', ''];
  await writeFile(join(dir, 'README.md'), '# Introduction\n\nThe generated handbook.\n');
  let n = 0;
  for (let s = 0; s < SECTIONS; s++) {
    await mkdir(join(dir, `section-${s}`));
    summary.push(`## Section ${s}`, '');
    for (let p = 0; p < perSection && n < PAGES - 1; p++, n++) {
      summary.push(`* [Page ${s}.${p}](section-${s}/page-${p}.md)`);
      await writeFile(join(dir, `section-${s}`, `page-${p}.md`), pageMarkdown(s, p, n % ASSETS, perSection));
    }
    summary.push('');
  }
  await writeFile(join(dir, 'SUMMARY.md'), summary.join('\n'));
  for (let a = 0; a < ASSETS; a++) await writeFile(join(dir, '.gitbook', 'assets', `image-${a}.png`), randomBytes(2048));
}

function pageMarkdown(s: number, p: number, asset: number, perSection: number): string {
  const next = (p + 1) % perSection;
  return `---
description: Page ${p} of section ${s}
---

# Page ${s}.${p}

This page explains topic ${s}.${p} in some detail, with **bold**, _italic_ and \`code\` inline, and a link to [the next page](page-${next}.md).

## Overview

${'A sentence about the subject that goes on for a while to make a realistic paragraph. '.repeat(4)}

* First point about ${s}.${p}
* Second point, with [a link](https://example.com/${s}/${p})
  * A nested point

{% hint style="info" %}
Remember: page ${p} belongs to section ${s}.
{% endhint %}

\`\`\`javascript
const page = { section: ${s}, page: ${p} };
console.log(page);
\`\`\`

![Diagram ${asset}](../.gitbook/assets/image-${asset}.png)

## Details

${'More text about the details of this topic, written to fill the page. '.repeat(5)}
`;
}

function flatten(pages: TreePage[]): TreePage[] {
  return pages.flatMap((p) => [p, ...flatten(p.pages ?? [])]);
}

async function call<T = unknown>(api: ApiClient, method: string, path: string, body?: unknown): Promise<T> {
  const response = await api.request<T>(method, path, body ?? (method === 'POST' ? {} : undefined));
  if (response.status >= 300) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
