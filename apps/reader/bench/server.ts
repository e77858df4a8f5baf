// The reader on an in-memory site of READER_BENCH_PAGES pages (default 10,000), for `pnpm bench
// reader` (bench/src/reader.bench.ts): no NATS, so the figures are the reader's own rendering and
// caching. READER_CACHE_MB=0 measures uncached pages. Prints the port it listens on.
import { largeSpace } from '../test/fixtures/demo-content';
import { MemoryContentSource } from '../test/fixtures/memory-content';
import { ReaderService } from '../src/http/reader.service';
import { buildServer } from '../src/http/server';
import { MemorySiteDirectory } from '../test/fixtures/memory-directory';
import { demoSite } from '../test/fixtures/demo-site';

async function main(): Promise<void> {
  const pages = Number(process.env.READER_BENCH_PAGES ?? 10_000);
  const site = demoSite({
    sections: [
      {
        id: 'sec',
        title: 'Docs',
        path: 'docs',
        default: true,
        siteSpaces: [{ id: 'ss', title: 'Docs', path: 'docs', default: true, spaceId: 'big' }],
      },
    ],
  });
  const reader = new ReaderService(new MemorySiteDirectory([site]), new MemoryContentSource([largeSpace('big', pages)]), {
    cacheBytes: Number(process.env.READER_CACHE_MB ?? 128) * 1024 * 1024,
  });
  const app = buildServer(reader, { trustProxy: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${new URL(address).port}\n`);
}

void main();
