import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { DataSource } from 'typeorm';

/** How long an IdP has to answer one of our authentication requests. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;

/**
 * node-saml's record of the request ids we sent, kept in Postgres so any replica can receive the
 * IdP's answer. Removal is left to `consume`, which the SSO service calls once an assertion is
 * valid: a single atomic delete, so a replayed response cannot be accepted twice.
 */
export class SamlRequestCache implements CacheProvider {
  /** `linkUserId`: the signed-in user who started this login to link the identity to their account. */
  constructor(
    private readonly db: DataSource,
    private readonly providerId: string,
    private readonly linkUserId: string | null = null,
  ) {}

  async saveAsync(key: string, value: string): Promise<CacheItem | null> {
    await this.db.query("DELETE FROM saml_requests WHERE created_at < now() - interval '1 day'");
    await this.db.query('INSERT INTO saml_requests (id, provider_id, link_user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [
      key,
      this.providerId,
      this.linkUserId,
    ]);
    return { value, createdAt: Date.now() };
  }

  async getAsync(key: string): Promise<string | null> {
    const rows: Array<{ created_at: Date }> = await this.db.query(
      'SELECT created_at FROM saml_requests WHERE id = $1 AND provider_id = $2',
      [key, this.providerId],
    );
    return rows[0] ? rows[0].created_at.toISOString() : null;
  }

  /** Deliberately a no-op: node-saml calls it mid-validation, before we know the assertion is good. */
  removeAsync(key: string | null): Promise<string | null> {
    return Promise.resolve(key);
  }

  /**
   * Marks the request answered and returns who started it to link an account (null for a plain
   * login); undefined when it already was answered (a replay) or never existed.
   */
  async consume(key: string): Promise<{ linkUserId: string | null } | undefined> {
    // TypeORM answers a DELETE with [rows, affected count], RETURNING rows included.
    const [rows]: [Array<{ link_user_id: string | null }>, number] = await this.db.query(
      'DELETE FROM saml_requests WHERE id = $1 AND provider_id = $2 RETURNING link_user_id',
      [key, this.providerId],
    );
    return rows[0] && { linkUserId: rows[0].link_user_id };
  }
}
