import type { Caller } from '@bindery/contracts';
import { tokenKey } from './token-key';

/** What identity answers about a token: its caller (null: unknown, revoked or expired) and when the token itself expires (epoch ms). */
export interface Verification {
  caller: Caller | null;
  notAfter?: number;
}

interface Entry {
  caller: Caller;
  expiresAt: number;
  /** From then on, a request that reads the entry also has it verified again in the background. */
  refreshAt: number;
}

/** Share of the TTL after which an entry in use is verified again, while it is still served. */
const REFRESH_AFTER = 0.8;
/** After a failed background verification, the entry is served as it is for this long before the next try. */
const REFRESH_RETRY_MS = 1000;

/**
 * Remembers verified tokens briefly so most requests skip the round trip to identity. Keys are
 * token hashes (no secret is kept in memory); revocation evicts by token id at once, and the TTL
 * bounds staleness if a revocation event is missed. An entry never outlives its token's own expiry.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  /** Verifications waiting for identity, by key: the requests that need the same token share one. */
  private readonly verifying = new Map<string, Promise<Caller | undefined>>();
  /** Counts revocations heard, so an answer that may predate one is not cached. */
  private revocations = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  static keyOf(token: string): string {
    return tokenKey(token);
  }

  /**
   * The caller of the token behind `key` (undefined: identity does not accept it), asking `verify`
   * only when needed. Every request that misses at the same moment shares one verification: when
   * an entry expired, each of the 64 requests in flight in `pnpm bench gateway` used to ask
   * identity on its own (~60 `identity.token.verify` at once every TTL), a burst that queued
   * behind identity's connection pool together with every read in flight, and made the read's p99.
   * A token in use does not miss at all: once an entry has lived REFRESH_AFTER of its TTL, it is
   * still served while one background verification replaces it. An entry is never served past its
   * TTL, so a missed revocation event is still bounded by it.
   */
  lookup(key: string, verify: () => Promise<Verification>): Promise<Caller | undefined> {
    const caller = this.fresh(key, verify);
    if (caller) return Promise.resolve(caller);
    return this.verifying.get(key) ?? this.verifyOnce(key, verify);
  }

  /**
   * The caller of a token whose entry is still served, at once (no promise: the common case of
   * every authenticated request), with the same background verification as `lookup`; undefined
   * when `lookup` has to wait for identity.
   */
  fresh(key: string, verify: () => Promise<Verification>): Caller | undefined {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > now) {
      if (entry.refreshAt <= now && !this.verifying.has(key)) {
        this.verifyOnce(key, verify).catch(() => {
          // Identity unreachable: the entry serves until it expires, and is tried again a little later.
          entry.refreshAt = this.now() + REFRESH_RETRY_MS;
        });
      }
      return entry.caller;
    }
    if (entry) this.entries.delete(key);
    return undefined;
  }

  get(key: string): Caller | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.caller;
  }

  /** Caches a verified token for the TTL, or only until `notAfter` (epoch ms) when the token itself expires sooner. */
  set(key: string, caller: Caller, notAfter = Infinity): void {
    const now = this.now();
    const expiresAt = Math.min(now + this.ttlMs, notAfter);
    if (expiresAt <= now) return;
    // Maps iterate in insertion order, so the first key is the oldest entry.
    if (!this.entries.has(key) && this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { caller, expiresAt, refreshAt: now + this.ttlMs * REFRESH_AFTER });
  }

  evictToken(tokenId: string): void {
    this.revocations++;
    for (const [key, entry] of this.entries) if (entry.caller.tokenId === tokenId) this.entries.delete(key);
  }

  private verifyOnce(key: string, verify: () => Promise<Verification>): Promise<Caller | undefined> {
    const revocations = this.revocations;
    const verified = verify()
      .then(({ caller, notAfter }) => {
        // Identity may have answered before a revocation heard meanwhile: keep nothing of that answer.
        if (this.revocations !== revocations) return caller ?? undefined;
        if (caller) this.set(key, caller, notAfter);
        else this.entries.delete(key);
        return caller ?? undefined;
      })
      .finally(() => this.verifying.delete(key));
    this.verifying.set(key, verified);
    return verified;
  }
}
