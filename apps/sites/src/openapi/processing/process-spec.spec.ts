import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join, normalize } from 'node:path';
import { AddressPolicy } from '@bindery/platform';
import { processSpec, type ProcessResult } from './process-spec';
import { ProcessingError } from './processing-error';

const STARTER = '/work/shared/data/openapi-dev/redocly-openapi-starter/openapi';
const doc = (extra = '') =>
  `openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {description: ok}\n${extra}`;

describe('processSpec', () => {
  const files = new Map<string, string>();
  const hits: string[] = [];
  let server: Server;
  let port = 0;
  const url = (path: string) => `http://localhost:${port}${path}`;
  const limits = (over: Partial<Parameters<typeof processSpec>[1]> = {}) => ({
    policy: AddressPolicy.fromList('localhost'),
    timeoutMs: 10_000,
    maxBytes: 16 * 1024 * 1024,
    maxFiles: 100,
    ...over,
  });
  const failure = async (promise: Promise<unknown>): Promise<ProcessingError> => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ProcessingError);
    return error as ProcessingError;
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = decodeURIComponent(req.url ?? '/');
      hits.push(path);
      if (path === '/etag.yaml') {
        if (req.headers['if-none-match'] === '"v1"') {
          res.statusCode = 304;
          return res.end();
        }
        res.setHeader('etag', '"v1"');
        return res.end(doc());
      }
      if (path === '/slow.yaml') return setTimeout(() => res.end(doc()), 1500);
      const body = files.get(path);
      if (body !== undefined) return res.end(body);
      if (path.startsWith('/starter/')) {
        const target = normalize(join(STARTER, path.slice(9)));
        try {
          return res.end(readFileSync(target));
        } catch {
          // 404 below
        }
      }
      res.statusCode = 404;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('bundles a multi-file YAML spec into one document with internal pointers only', async () => {
    const result = (await processSpec({ url: url('/starter/openapi.yaml'), text: null }, limits())) as Extract<
      ProcessResult,
      { notModified: false }
    >;
    expect(result.notModified).toBe(false);
    expect(result.raw.format).toBe('yaml');
    expect(result.bundled.json).not.toMatch(/"\$ref":"(?!#)/);
    expect(JSON.parse(result.bundled.json).info.title).toBe('Redocly Cafe');
    expect(result.bundled.hash).toMatch(/^[0-9a-f]{64}$/);
  }, 30_000);

  it('accepts Swagger 2.0, OpenAPI 3.0 and 3.1 given as text, JSON or YAML', async () => {
    const swagger = JSON.stringify({ swagger: '2.0', info: { title: 's', version: '1' }, paths: {} });
    const v30 = 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\n';
    for (const [text, format] of [
      [swagger, 'json'],
      [v30, 'yaml'],
      [doc(), 'yaml'],
    ]) {
      const result = await processSpec({ url: null, text }, limits());
      expect(result).toMatchObject({ notModified: false, raw: { text, format } });
    }
  }, 30_000);

  it('is content-addressed: the same bytes give the same hashes', async () => {
    const a = (await processSpec({ url: null, text: doc() }, limits())) as Extract<ProcessResult, { notModified: false }>;
    const b = (await processSpec({ url: null, text: doc() }, limits())) as Extract<ProcessResult, { notModified: false }>;
    expect(b.bundled.hash).toBe(a.bundled.hash);
    expect(b.raw.hash).toBe(a.raw.hash);
  });

  it('makes a conditional request when it holds validators: an unchanged source is one 304', async () => {
    const first = await processSpec({ url: url('/etag.yaml'), text: null }, limits());
    expect(first).toMatchObject({ notModified: false, etag: '"v1"', files: [{ url: url('/etag.yaml'), etag: '"v1"' }] });
    const before = hits.length;
    expect(await processSpec({ url: url('/etag.yaml'), text: null, known: first.files }, limits())).toEqual({
      notModified: true,
      files: first.files,
    });
    expect(hits.length).toBe(before + 1);
  });

  it('revalidates every file of a multi-file spec, and processes it anew when one changed', async () => {
    files.set('/multi/openapi.yaml', doc('components:\n  schemas:\n    A:\n      $ref: ./a.yaml\n    B:\n      $ref: ./b.yaml\n'));
    files.set('/multi/a.yaml', 'type: string\n');
    files.set('/multi/b.yaml', 'type: integer\n');
    const first = await processSpec({ url: url('/multi/openapi.yaml'), text: null }, limits());
    expect(first.files.map((f) => f.url).sort()).toEqual([url('/multi/a.yaml'), url('/multi/b.yaml'), url('/multi/openapi.yaml')]);
    // This server gives no validators: each file comes back whole and is compared by content.
    const unchanged = await processSpec({ url: url('/multi/openapi.yaml'), text: null, known: first.files }, limits());
    expect(unchanged).toEqual({ notModified: true, files: first.files });

    files.set('/multi/b.yaml', 'type: boolean\n');
    const changed = await processSpec({ url: url('/multi/openapi.yaml'), text: null, known: first.files }, limits());
    expect(changed.notModified).toBe(false);
    expect(JSON.stringify((changed as Extract<ProcessResult, { notModified: false }>).bundled.json)).toContain('boolean');
  });

  it('refuses YAML bombs, $ref cycles, other origins, too many files and non-documents', async () => {
    const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++)
      laughs.push(
        `${'abcdefghi'[i]}: &${'abcdefghi'[i]} [${Array(9)
          .fill(`*${'abcdefghi'[i - 1]}`)
          .join(',')}]`,
      );
    expect((await failure(processSpec({ url: null, text: laughs.join('\n') }, limits()))).message).toMatch(/aliases/);

    files.set('/cycle-a.yaml', doc('components:\n  schemas:\n    A:\n      $ref: ./cycle-b.yaml\n'));
    files.set('/cycle-b.yaml', '$ref: ./cycle-a.yaml#/components/schemas/A\n');
    const cycle = await failure(processSpec({ url: url('/cycle-a.yaml'), text: null }, limits()));
    expect(cycle).toMatchObject({ code: 'PARSE_ERROR', retryable: false });
    expect(cycle.message).toMatch(/\$ref cycle/);
    expect(
      (
        await failure(
          processSpec({ url: null, text: doc('components:\n  schemas:\n    A:\n      $ref: "#/components/schemas/A"\n') }, limits()),
        )
      ).message,
    ).toMatch(/\$ref cycle/);

    files.set('/escape.yaml', doc('components:\n  schemas:\n    A:\n      $ref: http://127.0.0.2:1/x.yaml\n'));
    expect(await failure(processSpec({ url: url('/escape.yaml'), text: null }, limits()))).toMatchObject({
      code: 'FETCH_ERROR',
      retryable: false,
    });

    expect(await failure(processSpec({ url: url('/starter/openapi.yaml'), text: null }, limits({ maxFiles: 3 })))).toMatchObject({
      code: 'FETCH_ERROR',
      retryable: false,
    });
    expect((await failure(processSpec({ url: null, text: '- a\n- b\n' }, limits()))).code).toBe('PARSE_ERROR');
    expect((await failure(processSpec({ url: null, text: '{"openapi": "3.1.0"' }, limits()))).code).toBe('PARSE_ERROR');
  }, 30_000);

  it('tells fetch failures apart: refused addresses are final, timeouts and errors are retried', async () => {
    const refused = await failure(processSpec({ url: `http://127.0.0.1:${port}/etag.yaml`, text: null }, limits()));
    expect(refused).toMatchObject({ code: 'FETCH_ERROR', retryable: false });
    expect(refused.message).toMatch(/loopback/);
    expect(await failure(processSpec({ url: url('/slow.yaml'), text: null }, limits({ timeoutMs: 300 })))).toMatchObject({
      code: 'FETCH_TIMEOUT',
      retryable: true,
    });
    expect(await failure(processSpec({ url: url('/missing.yaml'), text: null }, limits()))).toMatchObject({
      code: 'FETCH_ERROR',
      retryable: true,
    });
    expect(await failure(processSpec({ url: url('/starter/openapi.yaml'), text: null }, limits({ maxBytes: 2048 })))).toMatchObject({
      code: 'FETCH_ERROR',
      retryable: false,
    });
  });

  it('reports what the schema of the version, $ref targets and operation ids say is wrong', async () => {
    const missing = await failure(
      processSpec({ url: null, text: doc('components:\n  schemas:\n    A:\n      $ref: "#/components/schemas/Gone"\n') }, limits()),
    );
    expect(missing.message).toMatch(/#\/components\/schemas\/Gone/);
    const twice = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: { '/a': { get: { operationId: 'same', responses: {} } }, '/b': { post: { operationId: 'same', responses: {} } } },
    });
    expect((await failure(processSpec({ url: null, text: twice }, limits()))).message).toMatch(/operationId "same"/);
    const unknown = await failure(
      processSpec({ url: null, text: 'openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\nbogus: 1\n' }, limits()),
    );
    expect(unknown.message).toMatch(/additional properties: bogus/);
    expect((await failure(processSpec({ url: null, text: 'openapi: 3.2.0\ninfo: {title: t, version: "1"}\n' }, limits()))).message).toMatch(
      /unsupported version/,
    );
    expect((await failure(processSpec({ url: null, text: 'info: {title: t}\n' }, limits()))).message).toMatch(/no "openapi" or "swagger"/);
  });
});
