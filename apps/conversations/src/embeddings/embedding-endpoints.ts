/**
 * The OpenAI-compatible embedding endpoints an operator offers (`CONVERSATIONS_EMBEDDING_ENDPOINTS`).
 *
 * Why the operator and not the organization names the URL: the worker would otherwise send
 * requests to any address a tenant typed, including private ones (metadata services, the
 * database, admin ports): server-side request forgery. Self-hosters do run their embedding server
 * on a private address, so the addresses are not filtered; they are trusted because the operator
 * wrote them. An organization only picks one of these by name (or none: the built-in vectors).
 */
export interface EmbeddingEndpoint {
  /** What an organization picks; also the vector space its clusters are kept in (`embeddings:<name>`). */
  name: string;
  /** Base URL ending before `/embeddings`, e.g. `http://10.0.0.5:8080/v1`. */
  url: string;
  model: string;
  /** Name of the environment variable holding the bearer key, when the server wants one (never the key itself). */
  apiKeyEnv?: string;
  /** Texts per request. */
  batchSize: number;
  /** Per request; past it the batch falls back to the built-in vectors. */
  timeoutMs: number;
}

const NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Parses and validates the setting at start (a bad entry stops the worker with a message naming
 * it, rather than failing on the first batch): a JSON array of
 * `{"name","url","model","apiKeyEnv"?,"batchSize"?,"timeoutMs"?}`; empty or unset means none.
 */
export function parseEmbeddingEndpoints(raw: string | undefined, env: NodeJS.ProcessEnv = process.env): EmbeddingEndpoint[] {
  if (!raw || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('CONVERSATIONS_EMBEDDING_ENDPOINTS is not JSON (expected an array of {name, url, model})');
  }
  if (!Array.isArray(parsed)) throw new Error('CONVERSATIONS_EMBEDDING_ENDPOINTS must be a JSON array');
  const names = new Set<string>();
  return parsed.map((entry: Record<string, unknown>, i) => {
    const where = `CONVERSATIONS_EMBEDDING_ENDPOINTS[${i}]`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${where} must be an object`);
    const { name, url, model, apiKeyEnv, batchSize = 64, timeoutMs = 5000 } = entry;
    if (typeof name !== 'string' || !NAME.test(name)) throw new Error(`${where}.name must match ${NAME}`);
    if (names.has(name)) throw new Error(`${where}.name "${name}" is used twice`);
    names.add(name);
    if (typeof url !== 'string' || !isHttpUrl(url)) throw new Error(`${where}.url must be an http(s) URL`);
    if (typeof model !== 'string' || model === '') throw new Error(`${where}.model is required`);
    if (apiKeyEnv !== undefined && (typeof apiKeyEnv !== 'string' || !env[apiKeyEnv]))
      throw new Error(`${where}.apiKeyEnv names an environment variable that is not set`);
    if (!Number.isInteger(batchSize) || (batchSize as number) < 1 || (batchSize as number) > 2048)
      throw new Error(`${where}.batchSize must be an integer 1..2048`);
    if (!Number.isInteger(timeoutMs) || (timeoutMs as number) < 100 || (timeoutMs as number) > 120_000)
      throw new Error(`${where}.timeoutMs must be an integer 100..120000`);
    return {
      name,
      url: url.replace(/\/+$/, ''),
      model,
      apiKeyEnv: apiKeyEnv,
      batchSize: batchSize as number,
      timeoutMs: timeoutMs as number,
    };
  });
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}
