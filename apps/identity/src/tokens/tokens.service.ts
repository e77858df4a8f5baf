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

  /** Who holds this token, or null when it is unknown or revoked. */
  async verify(token: string): Promise<TokenVerifyResult> {
    const found = await this.tokens.findActiveByHash(hashToken(token));
    if (!found) return { caller: null };
    if (!found.lastUsedAt || Date.now() - found.lastUsedAt.getTime() > LAST_USED_GRANULARITY_MS) {
      await this.tokens.touchLastUsed(found.id);
    }
    return { caller: { userId: found.userId, tokenId: found.id } };
  }

  /** Creates a token; the secret is returned here and never again. */
  async create(userId: string, label: string): Promise<{ id: string; token: string }> {
    const token = newTokenSecret();
    const id = newId();
    await this.tokens.insert(this.db.manager, { id, userId, tokenHash: hashToken(token), label });
    return { id, token };
  }

  async revoke(tokenId: string): Promise<void> {
    await this.db.transaction(async (manager) => {
      if (!(await this.tokens.revoke(manager, tokenId))) throw notFound(`No active token with id ${tokenId}`);
      const event: TokenRevokedEvent = { tokenId };
      await addToOutbox(manager, IdentityEvents.tokenRevoked, event);
    });
  }
}
