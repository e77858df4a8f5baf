import autocannon from 'autocannon';

export interface LoadResult {
  requestsPerSecond: number;
  /** Requests answered during the run (for CPU per request). */
  requests?: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/** Drives `url` with autocannon from this process (loopback only) and summarises the run. */
export async function load(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoadResult> {
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

export const formatLoad = (name: string, r: LoadResult): string =>
  `${name.padEnd(34)} ${String(r.requestsPerSecond).padStart(7)} req/s   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(4)} ms` +
  (r.non2xx || r.errors ? `   (non-2xx ${r.non2xx}, errors ${r.errors})` : '');
