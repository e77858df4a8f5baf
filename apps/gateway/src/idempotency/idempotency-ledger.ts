import { createHash } from 'node:crypto';
import { badRequest, conflict, unavailable } from '@bindery/platform';

/**
 * `Idempotency-Key` on POST: the first answer to a key is kept for 24 hours and replayed to the
 * same caller; the same key with another request is a 409, and so is the same key while the
 * first request is still running. Keys live in a NATS KV bucket (the gateway has no database and
 * runs replicas), so every replica sees them.
 *
 * Framework-free: the guard (idempotency.guard.ts) drives it.
 */

/** How long an answer is kept (the bucket's max age). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** Largest response body kept for replay; a larger one is remembered without its body. */
export const MAX_STORED_BODY_BYTES = 256 * 1024;
/** Largest record (body base64-encoded, plus headers): the bucket's max value size. */
export const MAX_RECORD_BYTES = 512 * 1024;
/**
 * A pending key older than this belongs to a request whose gateway died before answering (no
 * request runs longer: the longest RPC timeout is a PDF render's 30 s); a new request may take it.
 */
export const STALE_PENDING_MS = 2 * 60 * 1000;
/** The response headers a replay repeats; the rest (dates, request ids) belong to each answer. */
export const REPLAYED_HEADERS = ['content-type', 'location', 'etag', 'last-modified', 'cache-control'] as const;

const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** What the ledger needs of a NATS KV bucket (`@nats-io/kv`'s KV satisfies it). */
export interface KeyValueStore {
  /** Fails when the key holds a value. */
  create(key: string, data: string): Promise<number>;
  get(key: string): Promise<{ revision: number; operation: string; string(): string } | null>;
  /** Fails unless the key is still at `revision`. */
  update(key: string, data: string, revision: number): Promise<number>;
  put(key: string, data: string): Promise<number>;
  delete(key: string): Promise<void>;
}

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  /** Base64; absent when the body was over MAX_STORED_BODY_BYTES. */
  body?: string;
}

type LedgerRecord =
  | { state: 'pending'; fingerprint: string; startedAt: number }
  | ({ state: 'done'; fingerprint: string } & StoredResponse);

export type Claim = { kind: 'claimed'; key: string } | { kind: 'replay'; response: StoredResponse };

/** The header's value, or undefined when absent; a 400 when it is not 1..255 printable ASCII. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw badRequest('Idempotency-Key must be 1 to 255 printable ASCII characters, given once');
  }
  return header;
}

/** The bucket key: one caller's keys never meet another's. */
export function ledgerKey(callerId: string, idempotencyKey: string): string {
  return sha256(`${callerId}\n${idempotencyKey}`);
}

/** Identifies "the same request": method, URL (path and query) and the parsed body. */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return sha256(`${method} ${url}\n${JSON.stringify(body ?? null)}`);
}

/** The part of a response kept for replay. */
export function toStoredResponse(status: number, headers: Record<string, unknown>, payload: string | Buffer): StoredResponse {
  const kept: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string' || typeof value === 'number') kept[name] = String(value);
  }
  const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
  return bytes.length <= MAX_STORED_BODY_BYTES ? { status, headers: kept, body: bytes.toString('base64') } : { status, headers: kept };
}

export class IdempotencyLedger {
  constructor(
    private readonly store: () => Promise<KeyValueStore>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Takes the key for this request, or tells what to answer instead (a replay, or a 409 thrown). */
  async claim(key: string, fingerprint: string): Promise<Claim> {
    const kv = await this.store();
    const pending = JSON.stringify({ state: 'pending', fingerprint, startedAt: this.now() } satisfies LedgerRecord);
    // A few rounds: the key may be released or taken between our create and get.
    for (let round = 0; round < 3; round++) {
      try {
        await kv.create(key, pending);
        return { kind: 'claimed', key };
      } catch {
        const entry = await kv.get(key);
        if (!entry || entry.operation !== 'PUT') continue;
        const record = JSON.parse(entry.string()) as LedgerRecord;
        if (record.fingerprint !== fingerprint) {
          throw conflict('This Idempotency-Key was already used with a different request (method, path or body)');
        }
        if (record.state === 'done')
          return { kind: 'replay', response: { status: record.status, headers: record.headers, body: record.body } };
        if (this.now() - record.startedAt < STALE_PENDING_MS) {
          throw conflict('A request with this Idempotency-Key is still in progress; retry it once it has finished');
        }
        try {
          await kv.update(key, pending, entry.revision);
          return { kind: 'claimed', key };
        } catch {
          continue;
        }
      }
    }
    throw unavailable('Could not record the Idempotency-Key, try again later');
  }

  /** Keeps the answer for replay. */
  async complete(key: string, fingerprint: string, response: StoredResponse): Promise<void> {
    const kv = await this.store();
    await kv.put(key, JSON.stringify({ state: 'done', fingerprint, ...response } satisfies LedgerRecord));
  }

  /** Frees the key (the request was not answered by the service): the client may send it again. */
  async release(key: string): Promise<void> {
    const kv = await this.store();
    await kv.delete(key);
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
