import type { PublishingAuthBackend } from '@bindery/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export interface PublishingAuthRow {
  site_id: string;
  backend: PublishingAuthBackend;
  /** The signing key, sealed (SecretSealer); opened only to answer an admin or to verify tokens. */
  sealed_key: string;
  key_version: number;
  fallback_url: string | null;
  logout_url: string | null;
}

export type PublishingAuthChanges = Partial<Pick<PublishingAuthRow, 'backend' | 'fallback_url' | 'logout_url' | 'sealed_key'>>;

const COLUMNS = 'site_id, backend, sealed_key, key_version, fallback_url, logout_url';

/** Rows of `site_publishing_auth` (one per site, created on first use). */
@Injectable()
export class PublishingAuthRepository {
  constructor(private readonly db: DataSource) {}

  async find(siteId: string, manager?: EntityManager): Promise<PublishingAuthRow | undefined> {
    const rows: PublishingAuthRow[] = await (manager ?? this.db).query(`SELECT ${COLUMNS} FROM site_publishing_auth WHERE site_id = $1`, [
      siteId,
    ]);
    return rows[0];
  }

  /** Makes the site's row with `sealedKey` when it has none; false when it existed (concurrent first reads keep one key). */
  async ensure(manager: EntityManager, siteId: string, sealedKey: string): Promise<boolean> {
    const inserted: unknown[] = await manager.query(
      'INSERT INTO site_publishing_auth (site_id, sealed_key) VALUES ($1, $2) ON CONFLICT (site_id) DO NOTHING RETURNING site_id',
      [siteId, sealedKey],
    );
    return inserted.length > 0;
  }

  async update(manager: EntityManager, siteId: string, changes: PublishingAuthChanges): Promise<void> {
    const sets: string[] = [];
    const params: unknown[] = [siteId];
    for (const [column, value] of Object.entries(changes)) {
      if (value === undefined) continue;
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    }
    // A new key is a new version: tokens signed with the old one stop opening the site.
    if (changes.sealed_key !== undefined) sets.push('key_version = key_version + 1');
    sets.push('updated_at = clock_timestamp()');
    await manager.query(`UPDATE site_publishing_auth SET ${sets.join(', ')} WHERE site_id = $1`, params);
  }
}
