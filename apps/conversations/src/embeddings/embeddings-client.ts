import type { EmbeddingEndpoint } from './embedding-endpoints';

/** An endpoint that failed is not asked again for this long: an outage costs one timeout, not one per batch. */
const COOLDOWN_MS = 30_000;

/**
 * Client of one OpenAI-compatible `POST {url}/embeddings` endpoint: texts in batches of
 * `batchSize`, each request bounded by `timeoutMs`; answers unit vectors (centroids are sums of
 * unit vectors, whatever the server returns). Any failure (refused, timeout, non-2xx, a malformed
 * or short answer, vectors of changing length) rejects the whole call, so a batch is embedded by
 * one engine or not at all; the caller falls back to the built-in vectors.
 */
export class EmbeddingsClient {
  private downUntil = 0;
  /** The vectors' length, fixed by the first answer: a model swapped behind the same name is an error, not a mix. */
  private dims?: number;

  constructor(
    readonly endpoint: EmbeddingEndpoint,
    private readonly env: NodeJS.ProcessEnv = process.env,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the endpoint failed recently (the caller skips it without waiting for a timeout). */
  get down(): boolean {
    return this.now() < this.downUntil;
  }

  async embed(texts: string[]): Promise<Float32Array[]> {
    if (this.down) throw new Error(`embedding endpoint "${this.endpoint.name}" is cooling down after a failure`);
    const out: Float32Array[] = [];
    try {
      for (let start = 0; start < texts.length; start += this.endpoint.batchSize)
        out.push(...(await this.request(texts.slice(start, start + this.endpoint.batchSize))));
    } catch (error) {
      this.downUntil = this.now() + COOLDOWN_MS;
      throw error;
    }
    return out;
  }

  private async request(input: string[]): Promise<Float32Array[]> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const key = this.endpoint.apiKeyEnv ? this.env[this.endpoint.apiKeyEnv] : undefined;
    if (key) headers.authorization = `Bearer ${key}`;
    const response = await fetch(`${this.endpoint.url}/embeddings`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ model: this.endpoint.model, input }),
      signal: AbortSignal.timeout(this.endpoint.timeoutMs),
      // The operator's URL is the one asked: a redirect elsewhere is not followed.
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`embedding endpoint "${this.endpoint.name}" answered ${response.status}`);
    const body = (await response.json()) as { data?: Array<{ index?: number; embedding?: unknown }> };
    if (!Array.isArray(body.data) || body.data.length !== input.length)
      throw new Error(`embedding endpoint "${this.endpoint.name}" answered ${body.data?.length ?? 'no'} vectors for ${input.length} texts`);
    const vectors = new Array<Float32Array>(input.length);
    body.data.forEach((item, position) => {
      const index = item.index ?? position;
      const embedding = item.embedding;
      if (!Array.isArray(embedding) || embedding.length === 0 || !embedding.every((x) => typeof x === 'number' && Number.isFinite(x)))
        throw new Error(`embedding endpoint "${this.endpoint.name}" answered a malformed vector`);
      this.dims ??= embedding.length;
      if (embedding.length !== this.dims)
        throw new Error(`embedding endpoint "${this.endpoint.name}" changed its vectors' length (${this.dims} → ${embedding.length})`);
      if (!Number.isInteger(index) || index < 0 || index >= input.length || vectors[index])
        throw new Error(`embedding endpoint "${this.endpoint.name}" answered a bad index`);
      vectors[index] = unit(embedding as number[]);
    });
    return vectors;
  }
}

function unit(values: number[]): Float32Array {
  const norm = Math.hypot(...values) || 1;
  return Float32Array.from(values, (x) => x / norm);
}
