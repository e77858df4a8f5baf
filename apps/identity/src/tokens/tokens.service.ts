import { IdentityEvents, type TokenRevokedEvent, type TokenVerifyResult } from '@bindery/contracts';
import { addToOutbox, newId, notFound } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hashToken, newTokenSecret } from './token-secret';
import { TokensRepository } from './tokens.repository';

/** `last_used_at` is refreshed at most this often, so busy tokens do not write on every request. */
const LAST_USED_GRANULARITY_MS = 60_000;

@Injectable()
export class TokensService {
  constructor(
    private readonly tokens: TokensRepository,
    private readonly db: DataSource,
  ) {}

  /** Who holds this token, or null when it is unknown, revoked or expired. */
  async verify(token: string): Promise<TokenVerifyResult> {
    const found = await this.tokens.findActiveByHash(hashToken(token));
    if (!found) return { caller: null };
    if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
      await this.tokens.touchLastUsed(found.id);
    }
    const caller = { userId: found.userId, tokenId: found.id };
    return found.expiresAt ? { caller, expiresAt: found.expiresAt.toISOString() } : { caller };
  }

  /**
   * Creates a token; the secret is returned here and never again. With `ttlMs` it is a session
   * token that stops working after that long (SSO logins); without, an API token that lasts until revoked.
   */
  async create(userId: string, label: string, ttlMs?: number): Promise<{ id: string; token: string; expiresAt: Date | null }> {
    const token = newTokenSecret();
    const id = newId();
    const expiresAt = ttlMs === undefined ? null : new Date(Date.now() + ttlMs);
    await this.tokens.insert(this.db.manager, { id, userId, tokenHash: hashToken(token), label, expiresAt });
    return { id, token, expiresAt };
  }

  async revoke(tokenId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      if (!(await this.tokens.revoke(manager, tokenId))) throw notFound(`No active token with id ${tokenId}`);
      const event: TokenRevokedEvent = { tokenId };
      await addToOutbox(manager, IdentityEvents.tokenRevoked, event);
    });
  }
}
