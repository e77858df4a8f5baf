// The reader on an in-memory site of READER_BENCH_PAGES pages (default 10,000), for `pnpm bench
// reader` (bench/src/reader.bench.ts): no NATS, so the figures are the reader's own rendering and
// caching. READER_CACHE_MB=0 measures uncached pages. Prints the port it listens on.
//
// READER_BENCH_MERGE=1: the space's content comes through the reader's own NatsContentSource from a
// stand-in for content that takes READER_BENCH_LOAD_MS (default 2,000) to answer a new revision, as
// content does for a large space; a `merge` message (IPC) publishes the next revision and sends the
// reader the event content would, so the bench sees what visitors see in the seconds after a merge.
import type { RevisionGetResult, RequestContext } from '@bindery/contracts';
import type { ServiceClient } from '@bindery/platform';
import { largeSpace } from '../test/fixtures/demo-content';
import { MemoryContentSource } from '../test/fixtures/memory-content';
import type { ContentSource, SpaceContent } from '../src/content/content-source';
import { NatsContentSource } from '../src/content/nats-content';
import { PageTreePool } from '../src/content/page-tree-pool';
import type { PageTreeThread } from '../src/content/page-tree';
import { ReaderService } from '../src/http/reader.service';
import { buildServer } from '../src/http/server';
import { MemorySiteDirectory } from '../test/fixtures/memory-directory';
import { demoSite } from '../test/fixtures/demo-site';

const SPACE = 'big';

async function main(): Promise<void> {
  const pages = Number(process.env.READER_BENCH_PAGES ?? 10_000);
  const site = demoSite({
    sections: [
      {
        id: 'sec',
        title: 'Docs',
        path: 'docs',
        default: true,
        siteSpaces: [{ id: 'ss', title: 'Docs', path: 'docs', default: true, spaceId: SPACE }],
      },
    ],
  });
  const content = process.env.READER_BENCH_MERGE === '1' ? mergingContent(pages) : new MemoryContentSource([benchSpace(pages, 'rev-1')]);
  const reader = new ReaderService(new MemorySiteDirectory([site]), content, {
    cacheBytes: Number(process.env.READER_CACHE_MB ?? 128) * 1024 * 1024,
  });
  const app = buildServer(reader, { trustProxy: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${new URL(address).port}\n`);
}

/** Content as the reader gets it over NATS, from a stand-in that answers slowly and merges on request. */
function mergingContent(pages: number): ContentSource {
  const loadMs = Number(process.env.READER_BENCH_LOAD_MS ?? 2000);
  let revision = 1;
  let published = answer(benchSpace(pages, `rev-${revision}`));
  // Content's answer for the next revision, made ahead: serialising it is content's cost, not the reader's.
  let next = answer(benchSpace(pages, `rev-${revision + 1}`));
  const client = {
    // As ServiceClient.sendParsed: the reply packet's bytes, as they come from NATS, read by `parse`.
    sendParsed: async (_subject: string, _ctx: RequestContext, input: { knownTag?: string }, parse: PageTreeThread['reply']) => {
      const current = published;
      const packet = input.knownTag === current.tag ? current.unchanged : current.packet;
      if (packet === current.packet) await new Promise((resolve) => setTimeout(resolve, loadMs));
      const reply = await parse(packet);
      if (reply.err) throw new Error('content failed');
      return reply.response;
    },
  } as unknown as ServiceClient;
  // As the reader's main has it: new page trees parsed on a worker thread.
  const pageTrees = new PageTreePool();
  const context = () => ({ requestId: 'bench', baseUrl: 'http://127.0.0.1' });
  const source = new NatsContentSource(client, context, 24 * 3600_000, undefined, undefined, pageTrees);
  process.on('message', (message) => {
    if (message !== 'merge') return;
    revision++;
    published = next;
    // What the reader does on content's revision event (freshness/reader-events.ts).
    source.invalidate(SPACE);
    process.send?.('merged');
    setTimeout(() => (next = answer(benchSpace(pages, `rev-${revision + 1}`))), 30_000).unref();
  });
  return source;
}

/** Times the demo page's body is repeated in `group-0/long-page`: a page of about 200 KB of HTML. */
const LONG_PAGE_REPEATS = 130;

/** The large space, plus one long page (`/demo/docs/group-0/long-page`). */
function benchSpace(pages: number, revisionId: string): SpaceContent {
  const space = largeSpace(SPACE, pages, revisionId);
  const group = space.pages[0];
  const body = group.pages[0].document!;
  const nodes = Array.from({ length: LONG_PAGE_REPEATS }, () => body.nodes).flat();
  group.pages.push({
    id: 'long',
    title: 'Long page',
    path: 'group-0/long-page',
    type: 'document',
    document: { ...body, nodes },
    pages: [],
  });
  return space;
}

/** Content's reply packets for a revision: with its page tree (raw JSON), and for a reader that holds it. */
function answer(space: SpaceContent): { tag: string; packet: Uint8Array; unchanged: Uint8Array } {
  const result = {
    revision: { id: space.revisionId, files: [] },
    pages: { tag: space.revisionId, rawJson: JSON.stringify({ pages: space.pages }) },
  } as unknown as RevisionGetResult;
  const unchanged = { ...result, pages: { tag: space.revisionId } };
  return {
    tag: space.revisionId,
    packet: Buffer.from(JSON.stringify({ response: result })),
    unchanged: Buffer.from(JSON.stringify({ response: unchanged })),
  };
}

void main();
