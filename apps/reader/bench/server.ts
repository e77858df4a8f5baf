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
  const content = process.env.READER_BENCH_MERGE === '1' ? mergingContent(pages) : new MemoryContentSource([largeSpace(SPACE, pages)]);
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
  let published = answer(largeSpace(SPACE, pages, `rev-${revision}`));
  const client = {
    send: async (_subject: string, _ctx: RequestContext, input: { knownTag?: string }): Promise<RevisionGetResult> => {
      const current = published;
      if (input.knownTag === current.pages.tag) return { ...current, pages: { ...current.pages, rawJson: undefined } };
      await new Promise((resolve) => setTimeout(resolve, loadMs));
      return current;
    },
  } as unknown as ServiceClient;
  const source = new NatsContentSource(client, () => ({ requestId: 'bench', baseUrl: 'http://127.0.0.1' }), 24 * 3600_000);
  process.on('message', (message) => {
    if (message !== 'merge') return;
    revision++;
    published = answer(largeSpace(SPACE, pages, `rev-${revision}`));
    // What the reader does on content's revision event (freshness/reader-events.ts).
    source.invalidate(SPACE);
    process.send?.('merged');
  });
  return source;
}

/** Content's answer for a revision: its page tree as the raw JSON content sends. */
function answer(space: SpaceContent): RevisionGetResult {
  return {
    revision: { id: space.revisionId, files: [] },
    pages: { tag: space.revisionId, rawJson: JSON.stringify({ pages: space.pages }) },
  } as unknown as RevisionGetResult;
}

void main();
