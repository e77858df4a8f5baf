import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ApiTokenEntity } from './api-token.entity';

@Injectable()
export class TokensRepository {
  constructor(private readonly db: DataSource) {}

  /** The hot path of every request: one indexed lookup, no ORM hydration. Revoked and expired tokens are not found. */
  async findActiveByHash(
    tokenHash: string,
  ): Promise<{ id: string; userId: string; lastUsedAt: Date | null; expiresAt: Date | null } | null> {
    const rows: Array<{ id: string; user_id: string; last_used_at: Date | null; expires_at: Date | null }> = await this.db.query(
      `SELECT id, user_id, last_used_at, expires_at FROM api_tokens
       WHERE token_hash = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
      [tokenHash],
    );
    const row = rows[0];
    return row ? { id: row.id, userId: row.user_id, lastUsedAt: row.last_used_at, expiresAt: row.expires_at } : null;
  }

  async touchLastUsed(id: string): Promise<void> {
    await this.db.query('UPDATE api_tokens SET last_used_at = now() WHERE id = $1', [id]);
  }

  async insert(manager: EntityManager, token: Pick<ApiTokenEntity, 'id' | 'userId' | 'tokenHash' | 'label' | 'expiresAt'>): Promise<void> {
    await manager.getRepository(ApiTokenEntity).insert(token);
  }

  /** Marks a token revoked; false when it does not exist or was already revoked. */
  async revoke(manager: EntityManager, id: string): Promise<boolean> {
    const result: unknown = await manager.query('UPDATE api_tokens SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL', [id]);
    return (result as [unknown, number])[1] > 0;
  }
}
