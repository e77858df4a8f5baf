import { devDataPath } from '@bindery/testing';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join, normalize } from 'node:path';
import { type ApiClient, expectOperation } from '@bindery/testing';

export const STARTER = devDataPath('openapi-dev', 'redocly-openapi-starter', 'openapi');

export interface OpenApiSpecBody {
  id: string;
  slug: string;
  processingState: string;
  visibility: string;
  sourceURL?: string;
  lastVersion?: string;
  lastProcessErrorCode?: string;
  lastProcessedErrors: Array<{ message: string }>;
  urls: { location: string; app: string; published?: string };
}

/** A small valid OpenAPI 3.0 document as JSON text; `title` makes distinct documents. */
export const smallSpec = (title = 'Pets'): string =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title, version: '1.0.0' },
    paths: { '/pets': { get: { operationId: 'listPets', responses: { '200': { description: 'ok' } } } } },
  });

/**
 * A local HTTP server for specs, reached by the service as `localhost` (allowed by the test stack's
 * OPENAPI_FETCH_ALLOW_PRIVATE_HOSTS): the Redocly starter under `/starter/`, extra files by path,
 * and `/held/…` answered only once `release()` is called.
 */
export class SpecServer {
  readonly hits = new Map<string, number>();
  /** Requests that carried a validator (`If-None-Match` or `If-Modified-Since`), and the 304s answered. */
  conditional = 0;
  notModified = 0;
  private readonly files = new Map<string, { body: string; etag?: string }>();
  private held: Array<() => void> = [];
  private holding = false;
  private server?: Server;
  port = 0;

  set(path: string, body: string, etag?: string): void {
    this.files.set(path, { body, etag });
  }

  hold(): void {
    this.holding = true;
  }

  release(): void {
    this.holding = false;
    for (const go of this.held.splice(0)) go();
  }

  url(path: string): string {
    return `http://localhost:${this.port}${path}`;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const path = decodeURIComponent((req.url ?? '/').split('?')[0]);
      this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
      if (req.headers['if-none-match'] !== undefined || req.headers['if-modified-since'] !== undefined) this.conditional++;
      const answer = () => {
        if (res.destroyed) return;
        const file = this.files.get(path.replace(/^\/held/, ''));
        if (file) {
          if (file.etag && req.headers['if-none-match'] === file.etag) {
            this.notModified++;
            res.statusCode = 304;
            return res.end();
          }
          if (file.etag) res.setHeader('etag', file.etag);
          return res.end(file.body);
        }
        if (path.startsWith('/starter/')) {
          const target = normalize(join(STARTER, path.slice('/starter/'.length)));
          if (target.startsWith(STARTER)) {
            try {
              return res.end(readFileSync(target));
            } catch {
              // not there: 404 below
            }
          }
        }
        res.statusCode = 404;
        res.end('not found');
      };
      if (this.holding && path.startsWith('/held/')) this.held.push(answer);
      else answer();
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async stop(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }
}

/** Polls the spec until `done` holds (processing is a job: the API answers before it runs). */
export async function specWhen(
  client: ApiClient,
  orgId: string,
  slug: string,
  done: (spec: OpenApiSpecBody) => boolean,
  timeoutMs = 30_000,
): Promise<OpenApiSpecBody> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const spec = expectOperation<OpenApiSpecBody>(await client.get(`/v1/orgs/${orgId}/openapi/${slug}`), 'getOpenAPISpecBySlug', 200);
    if (done(spec)) return spec;
    if (Date.now() > deadline) throw new Error(`spec ${slug} did not get there in ${timeoutMs} ms: ${JSON.stringify(spec)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

export const processed = (spec: OpenApiSpecBody): boolean => spec.processingState === 'complete';
