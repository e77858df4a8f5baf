import type { Caller } from '@bindery/contracts';
import { tokenKey } from './token-key';

interface Entry {
  caller: Caller;
  expiresAt: number;
}

/**
 * Remembers verified tokens briefly so most requests skip the round trip to identity. Keys are
 * token hashes (no secret is kept in memory); revocation evicts by token id at once, and the TTL
 * bounds staleness if a revocation event is missed. An entry never outlives its token's own expiry.
 */
export class TokenCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  static keyOf(token: string): string {
    return tokenKey(token);
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
    const expiresAt = Math.min(this.now() + this.ttlMs, notAfter);
    if (expiresAt <= this.now()) return;
    // Maps iterate in insertion order, so the first key is the oldest entry.
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { caller, expiresAt });
  }

  evictToken(tokenId: string): void {
    for (const [key, entry] of this.entries) if (entry.caller.tokenId === tokenId) this.entries.delete(key);
  }
}
