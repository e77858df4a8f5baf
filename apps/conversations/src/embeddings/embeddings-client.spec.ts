import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseEmbeddingEndpoints } from './embedding-endpoints';
import { EmbeddingsClient } from './embeddings-client';

/** A fake OpenAI-compatible embedding server on 127.0.0.1: 3-d vectors from the text's length. */
class FakeEmbeddings {
  readonly requests: Array<{ input: string[]; model: string; authorization?: string }> = [];
  /** What the next requests do: answer, fail with a status, or never answer. */
  mode: 'ok' | 'error' | 'hang' | 'short' = 'ok';
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (req.method !== 'POST' || req.url !== '/v1/embeddings') {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as { input: string[]; model: string };
    this.requests.push({ input: body.input, model: body.model, authorization: req.headers.authorization });
    if (this.mode === 'hang') return;
    if (this.mode === 'error') {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"overloaded"}');
      return;
    }
    const input = this.mode === 'short' ? body.input.slice(1) : body.input;
    // Answered in reverse order: the client must place vectors by `index`.
    const data = input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length, 1, 0] })).reverse();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ object: 'list', data, model: body.model }));
  }
}

describe('EmbeddingsClient (against a local fake server)', () => {
  const fake = new FakeEmbeddings();
  let url: string;
  beforeAll(async () => {
    url = await fake.start();
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests.length = 0;
    fake.mode = 'ok';
  });

  const client = (more: object = {}, env: NodeJS.ProcessEnv = {}): EmbeddingsClient => {
    const [endpoint] = parseEmbeddingEndpoints(
      JSON.stringify([{ name: 'local', url, model: 'mini', batchSize: 2, timeoutMs: 10_000, ...more }]),
      env,
    );
    return new EmbeddingsClient(endpoint, env);
  };

  it('embeds texts in batches, in order, as unit vectors, with the bearer key from the named variable', async () => {
    const vectors = await client({ apiKeyEnv: 'EMBED_KEY' }, { EMBED_KEY: 'secret' }).embed(['a', 'bbb', 'cc']);
    expect(fake.requests.map((r) => r.input)).toEqual([['a', 'bbb'], ['cc']]);
    expect(fake.requests.every((r) => r.model === 'mini' && r.authorization === 'Bearer secret')).toBe(true);
    expect(vectors.map((v) => Array.from(v, (x) => Number(x.toFixed(4))))).toEqual([
      [0.7071, 0.7071, 0],
      [0.9487, 0.3162, 0],
      [0.8944, 0.4472, 0],
    ]);
  });

  it('rejects on an error status, then skips the endpoint for a while instead of waiting on it again', async () => {
    const embeddings = client();
    fake.mode = 'error';
    await expect(embeddings.embed(['a'])).rejects.toThrow('answered 503');
    fake.mode = 'ok';
    await expect(embeddings.embed(['a'])).rejects.toThrow('cooling down');
    expect(fake.requests).toHaveLength(1);
  });

  it('gives up on an endpoint that does not answer within its timeout', async () => {
    fake.mode = 'hang';
    await expect(client({ timeoutMs: 200 }).embed(['a'])).rejects.toThrow(/abort|timeout/i);
  });

  it('rejects an answer with fewer vectors than texts (no batch is half embedded)', async () => {
    fake.mode = 'short';
    await expect(client().embed(['a', 'b'])).rejects.toThrow('1 vectors for 2 texts');
  });

  it('rejects when nothing listens', async () => {
    const [endpoint] = parseEmbeddingEndpoints(JSON.stringify([{ name: 'gone', url: 'http://127.0.0.1:9/v1', model: 'm' }]));
    await expect(new EmbeddingsClient(endpoint).embed(['a'])).rejects.toThrow();
  });
});

describe('parseEmbeddingEndpoints (operator setting, validated at start)', () => {
  it('reads none from an unset or empty setting', () => {
    expect(parseEmbeddingEndpoints(undefined)).toEqual([]);
    expect(parseEmbeddingEndpoints(' ')).toEqual([]);
  });

  it('accepts private addresses (the operator chose them) and fills defaults', () => {
    expect(parseEmbeddingEndpoints('[{"name":"lan","url":"http://10.0.0.5:8080/v1/","model":"nomic"}]')).toEqual([
      { name: 'lan', url: 'http://10.0.0.5:8080/v1', model: 'nomic', apiKeyEnv: undefined, batchSize: 64, timeoutMs: 5000 },
    ]);
  });

  it.each([
    ['not json', 'not JSON'],
    ['{}', 'must be a JSON array'],
    ['[{"name":"Bad Name","url":"http://x/v1","model":"m"}]', '.name must match'],
    ['[{"name":"a","url":"file:///etc/passwd","model":"m"}]', '.url must be an http(s) URL'],
    ['[{"name":"a","url":"http://user:pw@x/v1","model":"m"}]', '.url must be an http(s) URL'],
    ['[{"name":"a","url":"http://x/v1"}]', '.model is required'],
    ['[{"name":"a","url":"http://x/v1","model":"m"},{"name":"a","url":"http://y/v1","model":"m"}]', 'used twice'],
    ['[{"name":"a","url":"http://x/v1","model":"m","apiKeyEnv":"NOT_SET_ANYWHERE"}]', 'not set'],
    ['[{"name":"a","url":"http://x/v1","model":"m","timeoutMs":0}]', '.timeoutMs'],
  ])('refuses %s', (raw, message) => {
    expect(() => parseEmbeddingEndpoints(raw, {})).toThrow(message);
  });
});
