import { createServer, type Server } from 'node:http';
import { ProcessingError } from './processing-error';
import { SpecProcessor } from './spec-processor';

// Runs the built thread script (dist/): `pnpm build` first, as for content's worker pools.
describe('SpecProcessor', () => {
  let server: Server;
  let port = 0;
  const processor = (budgetMs: number) =>
    new SpecProcessor({
      threads: 1,
      budgetMs,
      memoryMb: 256,
      limits: { allowPrivateHosts: 'localhost', timeoutMs: 60_000, maxBytes: 1024 * 1024, maxFiles: 10 },
    });

  beforeAll(async () => {
    // Never answers: what a processing that does not end looks like from outside.
    server = createServer(() => undefined);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as { port: number }).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('processes a spec in a thread, and a spec the inline validator would expand exponentially at once', async () => {
    const pool = processor(30_000);
    try {
      expect(await pool.run({ url: null, text: doublingSpec(30) })).toMatchObject({ notModified: false });
      const invalid = await pool.run({ url: null, text: 'openapi: 3.1.0\ninfo: {title: t}\n' }).catch((e: unknown) => e);
      expect(invalid).toBeInstanceOf(ProcessingError);
      expect(invalid).toMatchObject({ code: 'PARSE_ERROR', retryable: false });
    } finally {
      await pool.close();
    }
  }, 30_000);

  it('fails a spec over its budget with a clear, final error, and the next spec is processed', async () => {
    const pool = processor(500);
    try {
      const over = await pool.run({ url: `http://localhost:${port}/never.yaml`, text: null }).catch((e: unknown) => e);
      expect(over).toBeInstanceOf(ProcessingError);
      expect(over).toMatchObject({ code: 'PARSE_ERROR', retryable: false });
      expect((over as Error).message).toMatch(/took longer than 500 ms/);
    } finally {
      await pool.close();
    }
    const next = processor(30_000);
    try {
      expect(await next.run({ url: null, text: doublingSpec(3) })).toMatchObject({ notModified: false });
    } finally {
      await next.close();
    }
  }, 30_000);
});

/** An OpenAPI 3.1 document whose schemas each `$ref` the next twice, `levels` deep: 2^levels paths when expanded. */
function doublingSpec(levels: number): string {
  const schemas: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) {
    const next = { $ref: `#/components/schemas/S${i + 1}` };
    schemas[`S${i}`] = { type: 'object', properties: { a: next, b: next } };
  }
  schemas[`S${levels}`] = { type: 'string' };
  const body = { content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } };
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: 'doubling', version: '1' },
    paths: { '/x': { get: { responses: { '200': { description: 'ok', ...body } } } } },
    components: { schemas },
  });
}
