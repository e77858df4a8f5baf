import { expectOperation, testStack } from '@bindery/testing';
import { createChangeRequest, editContent, merge, type PageBody } from './content-helpers';
import { eventually } from './helpers';
import { type SiteBody, siteWithSpaces } from './sites-helpers';

/**
 * Heavy work must not hold the event loop: in the all-in-one topology (BINDERY_TEST_TOPOLOGY=all-in-one)
 * every app shares one, so a heavy job in one app would stall every other app's requests. The heavy
 * job here is the reader writing a page of thousands of blocks as Markdown (`<page>.md`, seconds of
 * work); the cheap read is another app's: GET /v1/orgs/{id} (gateway → identity). In the
 * one-process-per-app topology the same must hold for the reader's own loop (its lag is measured).
 */
/** Sections of each large page: about 4.4 MB of document (the gateway takes 5 MB), seconds of Markdown writing. */
const SECTIONS = 2000;

describe('a heavy job in one app does not stall a cheap read of another', () => {
  it('reads answer while the reader writes large pages as Markdown, and the event loop stays responsive', async () => {
    const { client, orgId, base, spaceIds } = await siteWithSpaces(1, 'stall');
    const spaceId = spaceIds[0];
    const cr = await createChangeRequest(client, spaceId, 'Large pages');
    const small = { object: 'document', data: {}, nodes: [block('paragraph', 's', [text('st', [['small']])])] };
    await editContent(client, spaceId, cr.id, [{ operation: 'insert_page', ref: 'start', title: 'Start', document: small }]);
    for (const n of [1, 2, 3])
      await editContent(client, spaceId, cr.id, [
        { operation: 'insert_page', ref: `l${n}`, title: `Large ${n}`, document: largeDocument(n) },
      ]);
    await merge(client, spaceId, cr.id);
    expectOperation<SiteBody>(await client.patch(base, { basename: 'stall', visibility: 'public' }), 'updateSiteById', 200);
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);
    const pages = expectOperation<{ pages: Array<PageBody & { path: string }> }>(
      await client.get(`/v1/spaces/${spaceId}/content/pages`),
      'listPages',
      200,
    ).pages;
    const site = `${testStack().readerUrl}/${orgId}/stall`;
    // The space's content is in the reader's memory (a small page read it), and the search index
    // has the merge: what follows is the Markdown writing alone.
    await eventually(
      async () => expect((await fetch(`${site}/${pages.find((p) => p.title === 'Start')!.path}.md`)).status).toBe(200),
      30_000,
    );
    await eventually(async () => {
      const hits = await client.get(`/v1/spaces/${spaceId}/search?query=Section`);
      expect((hits.body as { items: unknown[] }).items.length).toBeGreaterThan(0);
    }, 60_000);

    const orgPath = `/v1/orgs/${orgId}`;
    await eventLoopLagMaxSeconds(); // starts the measured window (prom-client resets it on each read)
    for (const large of pages.filter((p) => p.title.startsWith('Large '))) {
      const order: string[] = [];
      const heavy = fetch(`${site}/${large.path}.md`).then(async (response) => {
        expect(response.status).toBe(200);
        expect(await response.text()).toContain(`Section ${large.title.slice(-1)}-${SECTIONS - 1}`);
        order.push('heavy');
      });
      // Three cheap reads one after another, each answered while the heavy job still runs.
      for (let i = 0; i < 3; i++) {
        expectOperation(await client.get(orgPath), 'getOrganizationById', 200);
        order.push('cheap');
      }
      await heavy;
      expect(order).toEqual(['cheap', 'cheap', 'cheap', 'heavy']);
    }
    const lag = await eventLoopLagMaxSeconds();
    process.stdout.write(`stall test: event loop lag max ${lag.toFixed(3)} s over three large .md renders\n`);
    // Generous: a shared 2-core machine and garbage collection of megabytes; the render alone holds it for seconds.
    expect(lag).toBeLessThan(1);
  }, 300_000);
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

/** The largest event loop delay since the last read, in seconds, of the reader's process (the all-in-one process: every app's). */
async function eventLoopLagMaxSeconds(): Promise<number> {
  const metrics = await (await fetch(`http://127.0.0.1:${testStack().metricsPorts.reader}/metrics`)).text();
  const line = metrics.split('\n').find((l) => l.startsWith('nodejs_eventloop_lag_max_seconds'));
  if (!line) throw new Error('no nodejs_eventloop_lag_max_seconds in the reader metrics');
  return Number(line.split(' ').pop());
}
