import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { repoRoot } from '@bindery/stack';
import autocannon from 'autocannon';
import { formatLoad, load, type LoadResult } from './load';
import { formatLoadAverage } from './process-cpu';

const PAGES = 10_000;
const CONNECTIONS = 64;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

/** Compressed as browsers ask for it (the reader answers brotli). */
const COMPRESSED = { 'accept-encoding': 'gzip, deflate, br' };
/** The window after a merge whose p99 is the target (issue #28). */
const AFTER_MERGE_SECONDS = 10;

/** Starts the reader's bench server (in-memory 10,000-page site) in its own process; `merging`: see bench/server.ts. */
async function startReader(cacheMb: number, merging = false): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, [join(repoRoot(), 'apps/reader/dist/bench/bench/server.js')], {
    env: { ...process.env, READER_BENCH_PAGES: String(PAGES), READER_CACHE_MB: String(cacheMb), READER_BENCH_MERGE: merging ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const [chunk] = (await once(child.stdout!, 'data')) as [Buffer];
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
 * A page read at 64 connections (compressed) while its space is merged: the load starts on the
 * cached page, the merge lands at once, and content takes READER_BENCH_LOAD_MS (2 s) to answer
 * the new revision. p99 and max of every request of the AFTER_MERGE_SECONDS, and whether the new
 * revision was served by the end (its ETag changed).
 */
async function afterMerge(): Promise<string[]> {
  const reader = await startReader(128, true);
  try {
    const url = `${reader.base}/demo/docs/group-0/long-page`;
    const etagBefore = (await fetch(url, { headers: COMPRESSED })).headers.get('etag');
    await load(url, { connections: CONNECTIONS, seconds: 2, headers: COMPRESSED });
    const merged = once(reader.child, 'message');
    const run = autocannon({ url, connections: CONNECTIONS, duration: AFTER_MERGE_SECONDS, headers: COMPRESSED });
    reader.child.send('merge');
    await merged;
    const result = await run;
    const etagAfter = (await fetch(url, { headers: COMPRESSED })).headers.get('etag');
    return [
      formatLoad(`reader 200 KB page ${AFTER_MERGE_SECONDS} s after a merge`, {
        requestsPerSecond: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      }) + `   max ${result.latency.max} ms (target p99 < 100 ms)`,
      `    new revision served by the end: ${etagAfter !== etagBefore ? 'yes' : 'NO'}   (${formatLoadAverage()})`,
    ];
  } finally {
    reader.child.kill('SIGTERM');
  }
}

/**
 * `pnpm bench reader`: a page of a 10,000-page site, cached (same page, rendered once) and uncached
 * (rendering off, every request another page), at 64 connections; and the size of a page's HTML.
 * Targets (issue #16): cached ≥ 2,000 req/s with p99 < 30 ms, uncached p99 < 150 ms, HTML < 100 KB.
 * Issue #28: the cached page compressed ≥ 2,000 req/s; p99 in the 10 s after a merge < 100 ms.
 */
export async function readerBench(): Promise<string[]> {
  const lines: string[] = [];
  const cached = await startReader(128);
  try {
    const url = `${cached.base}/demo/docs/group-42/page-4242`;
    const html = await (await fetch(url)).text();
    lines.push(`reader page HTML (10,000-page site)  ${(Buffer.byteLength(html) / 1024).toFixed(1)} KB before compression`);
    lines.push(
      formatLoad('reader cached page, 64 conn', await load(url, { connections: CONNECTIONS, seconds: SECONDS })) +
        `   (${formatLoadAverage()})`,
    );
    // A ~200 KB page (the demo body repeated), as a browser asks for it.
    const long = `${cached.base}/demo/docs/group-0/long-page`;
    const plainBytes = (await (await fetch(long)).arrayBuffer()).byteLength;
    const compressed = await fetch(long, { headers: COMPRESSED });
    const encoding = compressed.headers.get('content-encoding') ?? 'none';
    lines.push(
      formatLoad(
        `reader cached 200 KB page, ${encoding}, 64 conn`,
        await load(long, { connections: CONNECTIONS, seconds: SECONDS, headers: COMPRESSED }),
      ) + '   (target ≥ 2,000 req/s)',
      `    ${(plainBytes / 1024).toFixed(0)} KB of HTML sent as ${compressed.headers.get('content-length')} bytes ${encoding}   (${formatLoadAverage()})`,
    );
  } finally {
    cached.child.kill('SIGTERM');
  }
  const uncached = await startReader(0);
  try {
    lines.push(formatLoad('reader uncached pages, 64 conn', await loadManyPaths(uncached.base)) + `   (${formatLoadAverage()})`);
  } finally {
    uncached.child.kill('SIGTERM');
  }
  lines.push(...(await afterMerge()));
  return lines;
}
