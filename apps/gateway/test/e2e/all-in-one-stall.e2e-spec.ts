import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectOperation, testStack } from '@bindery/testing';
import { createChangeRequest, createSpace, editContent, merge, newOrgAdmin } from './content-helpers';
import { GitHttpServer, type GitInfo, waitForSync } from './git-sync-helpers';
import { eventually } from './helpers';
import { type SiteBody, siteWithSpaces } from './sites-helpers';

/** Large pages and their sections: each about 0.9 MB of document (content takes 1 MB a body). */
const PAGES = 6;
const SECTIONS = 400;

/**
 * Heavy work must not hold the event loop: in the all-in-one topology (BINDERY_TEST_TOPOLOGY=all-in-one)
 * every app shares one, so a heavy job in one app would stall every other app's requests. The heavy
 * job here is the reader writing a site of large pages as Markdown (`llms-full.txt`, seconds of
 * work); the cheap read is another app's: GET /v1/orgs/{id} (gateway → identity). In the
 * one-process-per-app topology the same must hold for the reader's own loop (its lag is measured).
 */
/** Pages of the generated repository, each just under git sync's parse cap (MAX_PAGE_BYTES, 512 KiB). */
const REPO_PAGES = 4;
const REPO_PAGE_BYTES = 480 * 1024;

describe('a heavy job in one app does not stall a cheap read of another', () => {
  const git = new GitHttpServer();
  beforeAll(() => git.start());
  afterAll(() => git.stop());

  it('reads answer while the reader writes a site of large pages as Markdown, and the event loop stays responsive', async () => {
    const { client, orgId, base, spaceIds } = await siteWithSpaces(1, 'stall');
    const spaceId = spaceIds[0];
    const cr = await createChangeRequest(client, spaceId, 'Large pages');
    for (let n = 1; n <= PAGES; n++)
      await editContent(client, spaceId, cr.id, [
        { operation: 'insert_page', ref: `l${n}`, title: `Large ${n}`, document: { document: largeDocument(n) } },
      ]);
    await merge(client, spaceId, cr.id);
    const settings = { basename: 'stall', visibility: 'public', agentsContext: 'included' };
    expectOperation<SiteBody>(await client.patch(base, settings), 'updateSiteById', 200);
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);
    const site = `${testStack().readerUrl}/${orgId}/stall`;
    // The space's content is in the reader's memory (a page read it), and the search index has the
    // merge: what follows is the Markdown writing alone.
    await eventually(async () => expect((await fetch(`${site}/llms.txt`)).status).toBe(200), 30_000);
    await eventually(async () => {
      const hits = await client.get(`/v1/spaces/${spaceId}/search?query=Section`);
      expect((hits.body as { items: unknown[] }).items.length).toBeGreaterThan(0);
    }, 60_000);

    await eventLoopLagMaxSeconds('reader'); // starts the measured window (prom-client resets it on each read)
    const order: string[] = [];
    const heavy = fetch(`${site}/llms-full.txt`).then(async (response) => {
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(`Section ${PAGES}-${SECTIONS - 1}`);
      order.push('heavy');
    });
    // Three cheap reads one after another, each answered while the heavy job still runs.
    for (let i = 0; i < 3; i++) {
      expectOperation(await client.get(`/v1/orgs/${orgId}`), 'getOrganizationById', 200);
      order.push('cheap');
    }
    await heavy;
    expect(order).toEqual(['cheap', 'cheap', 'cheap', 'heavy']);
    const lag = await eventLoopLagMaxSeconds('reader');
    process.stdout.write(`stall test: event loop lag max ${lag.toFixed(3)} s while llms-full.txt was written\n`);
    // Generous: a shared 2-core machine and garbage collection of megabytes; the writing alone held it for seconds.
    expect(lag).toBeLessThan(1);
  }, 300_000);

  it("reads answer while a worker's job parses a large imported repository, and the serving event loop stays responsive", async () => {
    // The job: git sync's worker parsing pages of Markdown (each page one synchronous parse of
    // seconds: emphasis delimiters that never close). In the all-in-one process the workers run in
    // their own thread; on the serving loop, each page would hold every app's requests.
    const source = await mkdtemp(join(tmpdir(), 'stall-repo-'));
    const pages = Array.from({ length: REPO_PAGES }, (_, n) => `page-${n + 1}.md`);
    await writeFile(join(source, 'README.md'), '# Large repository\n\nPages that take long to parse.\n');
    await writeFile(
      join(source, 'SUMMARY.md'),
      ['# Table of contents', '', '* [Large repository](README.md)', ...pages.map((page, n) => `* [Page ${n + 1}](${page})`), ''].join(
        '\n',
      ),
    );
    for (const [n, page] of pages.entries())
      await writeFile(join(source, page), `# Page ${n + 1}\n\n${'*a _b '.repeat(REPO_PAGE_BYTES / 6)}\n`);
    await git.createRepo('large', source);
    const { client, orgId } = await newOrgAdmin('stall-git');
    const space = await createSpace(client, orgId, 'Large repository');

    await eventLoopLagMaxSeconds('gateway'); // starts the measured window
    const importing = { url: git.url('large'), ref: 'refs/heads/main' };
    expectOperation(await client.post(`/v1/spaces/${space.id}/git/import`, importing), 'importGitRepository', 204);
    // The worker is parsing the pages (its job's progress says so).
    await eventually(async () => {
      const info = expectOperation<GitInfo>(await client.get(`/v1/spaces/${space.id}/git/info`), 'getSpaceGitInfo', 200);
      expect(info.job?.message).toBe('reading the pages');
    }, 120_000);
    const order: string[] = [];
    const heavy = waitForSync(client, space.id, 'import').then((info) => {
      expect(info.operation).toMatchObject({ state: 'success' });
      order.push('heavy');
    });
    for (let i = 0; i < 3; i++) {
      expectOperation(await client.get(`/v1/orgs/${orgId}`), 'getOrganizationById', 200);
      order.push('cheap');
    }
    await heavy;
    expect(order).toEqual(['cheap', 'cheap', 'cheap', 'heavy']);
    const lag = await eventLoopLagMaxSeconds('gateway');
    process.stdout.write(`stall test: event loop lag max ${lag.toFixed(3)} s of the serving loop while a worker parsed the pages\n`);
    // The same generous bound: one page alone held a loop for seconds.
    expect(lag).toBeLessThan(1);
  }, 360_000);
});

type Leaf = [string, string?];
const text = (key: string, leaves: Leaf[]) => ({
  object: 'text',
  key,
  leaves: leaves.map(([t, mark]) => ({ object: 'leaf', text: t, marks: mark ? [{ object: 'mark', type: mark }] : [] })),
});
const block = (type: string, key: string, nodes: unknown[]) => ({ object: 'block', type, key, isVoid: false, data: {}, nodes });

/** A page of SECTIONS sections (heading, paragraph with marks and a link, a list of three items). */
function largeDocument(n: number): unknown {
  const nodes: unknown[] = [];
  for (let i = 0; i < SECTIONS; i++) {
    const id = `${n}-${i}`;
    nodes.push(block('heading-2', `h${id}`, [text(`ht${id}`, [[`Section ${id}`]])]));
    nodes.push(
      block('paragraph', `p${id}`, [
        text(`pt${id}`, [
          ['Some '],
          ['bold', 'bold'],
          [' and '],
          ['emphasis', 'italic'],
          [` text ${id} with `],
          ['code', 'code'],
          [' in it '],
        ]),
        {
          object: 'inline',
          type: 'link',
          key: `l${id}`,
          isVoid: false,
          data: { ref: { kind: 'url', url: `https://example.com/${id}` } },
          nodes: [text(`lt${id}`, [['a link']])],
        },
        text(`pe${id}`, [['.']]),
      ]),
    );
    const items = [1, 2, 3].map((j) =>
      block('list-item', `li${id}-${j}`, [
        block('paragraph', `lp${id}-${j}`, [text(`lpt${id}-${j}`, [[`item ${j} `], [`of ${id}`, 'italic']])]),
      ]),
    );
    nodes.push(block('list-unordered', `u${id}`, items));
  }
  return { object: 'document', data: {}, nodes };
}

/**
 * The largest event loop delay since the last read, in seconds, of an app's process (in the
 * all-in-one process, of its main thread: every service's, the gateway's and the reader's loop).
 */
async function eventLoopLagMaxSeconds(app: 'reader' | 'gateway'): Promise<number> {
  const metrics = await (await fetch(`http://127.0.0.1:${testStack().metricsPorts[app]}/metrics`)).text();
  const line = metrics.split('\n').find((l) => l.startsWith('nodejs_eventloop_lag_max_seconds'));
  if (!line) throw new Error(`no nodejs_eventloop_lag_max_seconds in the ${app} metrics`);
  return Number(line.split(' ').pop());
}
