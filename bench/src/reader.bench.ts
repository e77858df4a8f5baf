import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { repoRoot } from '@bindery/stack';
import autocannon from 'autocannon';
import { formatLoad, load, type LoadResult } from './load';

const PAGES = 10_000;
const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** Starts the reader's bench server (in-memory 10,000-page site) in its own process. */
async function startReader(cacheMb: number): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [join(repoRoot(), 'apps/reader/dist/bench/bench/server.js')], {
    env: { ...process.env, READER_BENCH_PAGES: String(PAGES), READER_CACHE_MB: String(cacheMb) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [chunk] = (await once(child.stdout, 'data')) as [Buffer];
  return { child, base: `http://127.0.0.1:${chunk.toString().trim()}` };
}

/** Every page once per connection round: nothing repeats within a run's first 10,000 requests. */
async function loadManyPaths(base: string): Promise<LoadResult> {
  let next = 0;
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      { setupRequest: (req) => ({ ...req, path: `/demo/docs/group-${Math.floor((next % PAGES) / 100)}/page-${next++ % PAGES}` }) },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/**
 * `pnpm bench reader`: a page of a 10,000-page site, cached (same page, rendered once) and uncached
 * (rendering off, every request another page), at 64 connections; and the size of a page's HTML.
 * Targets (issue #16): cached ≥ 2,000 req/s with p99 < 30 ms, uncached p99 < 150 ms, HTML < 100 KB.
 */
export async function readerBench(): Promise<string[]> {
  const lines: string[] = [];
  const cached = await startReader(128);
  try {
    const url = `${cached.base}/demo/docs/group-42/page-4242`;
    const html = await (await fetch(url)).text();
    lines.push(`reader page HTML (10,000-page site)  ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB before compression`);
    lines.push(formatLoad('reader cached page, 64 conn', await load(url, { connections: CONNECTIONS, seconds: SECONDS })));
  } finally {
    cached.child.kill('SIGTERM');
  }
  const uncached = await startReader(0);
  try {
    lines.push(formatLoad('reader uncached pages, 64 conn', await loadManyPaths(uncached.base)));
  } finally {
    uncached.child.kill('SIGTERM');
  }
  return lines;
}
