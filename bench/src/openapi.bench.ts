import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { ApiClient, testStack } from '@bindery/testing';
import { formatLoad, load } from './load';

const PATHS = Number(process.env.BENCH_OPENAPI_PATHS ?? 400);
/** The split description: one file per path and one per schema, 1,500 paths make 3,001 files. */
const SPLIT_PATHS = Number(process.env.BENCH_OPENAPI_SPLIT_PATHS ?? 1500);

/** A local HTTP server for a spec's files, with an ETag per file (304 to a matching If-None-Match), counting requests. */
async function specServer(files: Map<string, string>) {
  const counts = { requests: 0, conditional: 0, notModified: 0 };
  const tags = new Map([...files].map(([path, body]) => [path, `"${createHash('sha1').update(body).digest('hex')}"`]));
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '').split('?')[0]);
    const body = files.get(path);
    counts.requests++;
    if (req.headers['if-none-match'] !== undefined) counts.conditional++;
    if (body === undefined) {
      res.statusCode = 404;
      return res.end();
    }
    res.setHeader('etag', tags.get(path)!);
    if (req.headers['if-none-match'] === tags.get(path)) {
      counts.notModified++;
      res.statusCode = 304;
      return res.end();
    }
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    counts,
    url: `http://localhost:${port}/openapi.yaml`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

type SpecState = { processingState: string; lastVersion?: string; lastProcessErrorCode?: string; lastProcessedErrors?: unknown };

/** Waits for the spec's processing to end; its state and the time it took from `start`. */
async function processedSpec(api: ApiClient, path: string, start: number): Promise<{ spec: SpecState; ms: number }> {
  for (;;) {
    const spec = (await api.get<SpecState>(path)).body;
    if (spec.processingState === 'complete') {
      if (spec.lastProcessErrorCode) throw new Error(`processing failed: ${JSON.stringify(spec.lastProcessedErrors)}`);
      return { spec, ms: Date.now() - start };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A real-world-sized specification (~3 MB with the default 400 paths) split over an entry, one
 * file per path and one per schema, joined by relative `$ref`s and served from a local HTTP server
 * (allowed as `localhost` by the test stack's configuration); its processing timed end to end
 * (create → `complete`); then its public link under load, revalidated with `If-None-Match` (304).
 * Then a description split as the biggest real ones are (≥ 3,000 files) at the default limits,
 * and a refresh of it unchanged: one conditional request per file, every one a 304, no new version.
 */
export async function openapiBench(): Promise<string[]> {
  const files = specFiles(PATHS);
  const bytes = [...files.values()].reduce((sum, body) => sum + Buffer.byteLength(body), 0);
  const served = await specServer(files);
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const api = new ApiClient(gatewayUrl, adminToken);
  const base = `/v1/orgs/${adminOrganizationId}/openapi`;
  const lines: string[] = [];
  try {
    const start = Date.now();
    const created = await api.post<{ id: string }>(base, { slug: 'bench', source: { url: served.url } });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const { ms: elapsed } = await processedSpec(api, `${base}/bench`, start);
    lines.push(
      `processed a ${(bytes / 1e6).toFixed(1)} MB spec of ${PATHS} paths in ${files.size} files (relative $refs) in ${(elapsed / 1000).toFixed(2)} s end to end (target < 5 s)`,
    );
    const made = await api.patch<{ urls: { published: string } }>(`${base}/bench`, { visibility: 'public' });
    const published = made.body.urls.published;
    const first = await fetch(published);
    const etag = first.headers.get('etag')!;
    lines.push(
      `published document: ${(Number(first.headers.get('content-length') ?? (await first.arrayBuffer()).byteLength) / 1e6).toFixed(1)} MB`,
    );
    // autocannon counts 304 as non-2xx: here every answer should be one.
    const revalidated = await load(published, { connections: 20, seconds: 10, headers: { 'if-none-match': etag } });
    lines.push(`${formatLoad('published spec, If-None-Match → 304', revalidated)} (target ≥ 1,000 req/s; non-2xx are the 304s)`);
  } finally {
    await served.close();
  }
  lines.push(...(await splitSpecBench(api, base)));
  return lines;
}

/** The ≥ 3,000-file description: processed at the default limits, then refreshed unchanged (the same URL put again). */
async function splitSpecBench(api: ApiClient, base: string): Promise<string[]> {
  const files = specFiles(SPLIT_PATHS, 1);
  const bytes = [...files.values()].reduce((sum, body) => sum + Buffer.byteLength(body), 0);
  const served = await specServer(files);
  try {
    const start = Date.now();
    const created = await api.post(base, { slug: 'bench-split', source: { url: served.url } });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    const first = await processedSpec(api, `${base}/bench-split`, start);
    const lines = [
      `processed a ${(bytes / 1e6).toFixed(1)} MB spec split over ${files.size} files (${served.counts.requests} requests) in ${(first.ms / 1000).toFixed(2)} s end to end`,
    ];
    const before = { ...served.counts };
    const again = Date.now();
    const put = await api.put(`${base}/bench-split`, { source: { url: served.url } });
    if (put.status !== 200) throw new Error(`refresh: ${put.status} ${JSON.stringify(put.body)}`);
    const refreshed = await processedSpec(api, `${base}/bench-split`, again);
    const conditional = served.counts.conditional - before.conditional;
    const notModified = served.counts.notModified - before.notModified;
    lines.push(
      `refreshed it unchanged in ${(refreshed.ms / 1000).toFixed(2)} s: ${served.counts.requests - before.requests} requests, ${conditional} conditional, ${notModified} answered 304; ${
        refreshed.spec.lastVersion === first.spec.lastVersion ? 'no new version' : 'A NEW VERSION (unexpected)'
      }`,
    );
    return lines;
  } finally {
    await served.close();
  }
}

/**
 * The files of a synthetic API: entry, `paths/g<k>.yaml` and `schemas/g<k>.yaml` (`group` paths or
 * schemas each: 10 by default, so 400 paths make 81 files), ~7.5 KB per path.
 */
function specFiles(paths: number, group = 10): Map<string, string> {
  const files = new Map<string, string>();
  const entry = ['openapi: 3.1.0', 'info: {title: Bench API, version: "1.0.0"}', 'paths:'];
  const schemaGroups = new Map<number, string[]>();
  const pathGroups = new Map<number, string[]>();
  const indent = (text: string) => text.replace(/^/gm, '  ');
  for (let i = 0; i < paths; i++) {
    const at = Math.floor(i / group);
    entry.push(`  /resources-${i}/{id}:`, `    $ref: paths/g${at}.yaml#/p${i}`);
    const fields = Array.from({ length: 40 }, (_, f) =>
      [
        `    field${f}:`,
        `      type: string`,
        `      description: Field ${f} of resource ${i}, described at some length as real specifications do.`,
      ].join('\n'),
    );
    const schema = ['type: object', 'required: [field0]', 'properties:', ...fields].join('\n');
    schemaGroups.set(at, [...(schemaGroups.get(at) ?? []), `s${i}:`, indent(schema)]);
    const item = [
      'parameters:',
      '  - {name: id, in: path, required: true, schema: {type: string}}',
      ...['get', 'put', 'delete'].map((method) =>
        [
          `${method}:`,
          `  operationId: ${method}Resource${i}`,
          `  summary: ${method} resource ${i}`,
          `  description: Operates on one resource of kind ${i}; the body and the answer follow the schema.`,
          '  responses:',
          '    "200":',
          '      description: The resource.',
          '      content:',
          '        application/json:',
          `          schema: {$ref: "../schemas/g${at}.yaml#/s${i}"}`,
          '    "404": {description: Not found.}',
        ].join('\n'),
      ),
    ].join('\n');
    pathGroups.set(at, [...(pathGroups.get(at) ?? []), `p${i}:`, indent(item)]);
  }
  for (const [k, lines] of schemaGroups) files.set(`/schemas/g${k}.yaml`, lines.join('\n'));
  for (const [k, lines] of pathGroups) files.set(`/paths/g${k}.yaml`, lines.join('\n'));
  files.set('/openapi.yaml', entry.join('\n'));
  return files;
}
