import { createServer } from 'node:http';
import { ApiClient, testStack } from '@bindery/testing';
import { formatLoad, load } from './load';

const PATHS = Number(process.env.BENCH_OPENAPI_PATHS ?? 400);

/**
 * A real-world-sized specification (~3 MB with the default 400 paths) split over an entry, one
 * file per path and one per schema, joined by relative `$ref`s and served from a local HTTP server
 * (allowed as `localhost` by the test stack's configuration); its processing timed end to end
 * (create → `complete`); then its public link under load, revalidated with `If-None-Match` (304).
 */
export async function openapiBench(): Promise<string[]> {
  const files = specFiles(PATHS);
  const bytes = [...files.values()].reduce((sum, body) => sum + Buffer.byteLength(body), 0);
  const server = createServer((req, res) => {
    const body = files.get(decodeURIComponent((req.url ?? '').split('?')[0]));
    res.statusCode = body === undefined ? 404 : 200;
    res.end(body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const { gatewayUrl, adminToken, adminOrganizationId } = testStack();
  const api = new ApiClient(gatewayUrl, adminToken);
  const base = `/v1/orgs/${adminOrganizationId}/openapi`;
  try {
    const start = Date.now();
    const created = await api.post<{ id: string }>(base, { slug: 'bench', source: { url: `http://localhost:${port}/openapi.yaml` } });
    if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
    let spec: { processingState: string; lastProcessErrorCode?: string; lastProcessedErrors?: unknown };
    for (;;) {
      spec = (await api.get<typeof spec>(`${base}/bench`)).body;
      if (spec.processingState === 'complete') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const elapsed = Date.now() - start;
    if (spec.lastProcessErrorCode) throw new Error(`processing failed: ${JSON.stringify(spec.lastProcessedErrors)}`);
    const lines = [
      `processed a ${(bytes / 1e6).toFixed(1)} MB spec of ${PATHS} paths in ${files.size} files (relative $refs) in ${(elapsed / 1000).toFixed(2)} s end to end (target < 5 s)`,
    ];
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
    return lines;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Paths (and schemas) per file: 400 paths make 81 files. */
const GROUP = 10;

/** The files of a synthetic API: entry, `paths/g<k>.yaml` and `schemas/g<k>.yaml` (10 each), ~7.5 KB per path. */
function specFiles(paths: number): Map<string, string> {
  const files = new Map<string, string>();
  const entry = ['openapi: 3.1.0', 'info: {title: Bench API, version: "1.0.0"}', 'paths:'];
  const schemaGroups = new Map<number, string[]>();
  const pathGroups = new Map<number, string[]>();
  const indent = (text: string) => text.replace(/^/gm, '  ');
  for (let i = 0; i < paths; i++) {
    const group = Math.floor(i / GROUP);
    entry.push(`  /resources-${i}/{id}:`, `    $ref: paths/g${group}.yaml#/p${i}`);
    const fields = Array.from({ length: 40 }, (_, f) =>
      [
        `    field${f}:`,
        `      type: string`,
        `      description: Field ${f} of resource ${i}, described at some length as real specifications do.`,
      ].join('\n'),
    );
    const schema = ['type: object', 'required: [field0]', 'properties:', ...fields].join('\n');
    schemaGroups.set(group, [...(schemaGroups.get(group) ?? []), `s${i}:`, indent(schema)]);
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
          `          schema: {$ref: "../schemas/g${group}.yaml#/s${i}"}`,
          '    "404": {description: Not found.}',
        ].join('\n'),
      ),
    ].join('\n');
    pathGroups.set(group, [...(pathGroups.get(group) ?? []), `p${i}:`, indent(item)]);
  }
  for (const [group, lines] of schemaGroups) files.set(`/schemas/g${group}.yaml`, lines.join('\n'));
  for (const [group, lines] of pathGroups) files.set(`/paths/g${group}.yaml`, lines.join('\n'));
  files.set('/openapi.yaml', entry.join('\n'));
  return files;
}
