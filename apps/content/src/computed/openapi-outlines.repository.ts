import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { OpenApiOutline } from './openapi-outline';

export interface StoredOutline {
  hash: string;
  outline: OpenApiOutline;
}

/** An outline as sites answered it, with when its version was processed (absent from an older sites). */
export interface FetchedOutline extends StoredOutline {
  versionAt?: string;
}

/** Outlines of the newest processed spec versions, by organization and slug. */
@Injectable()
export class OpenApiOutlinesRepository {
  constructor(private readonly db: DataSource) {}

  async find(organizationId: string, slugs: string[]): Promise<Map<string, StoredOutline>> {
    if (slugs.length === 0) return new Map();
    const rows: Array<{ slug: string; hash: string; outline: OpenApiOutline }> = await this.db.query(
      'SELECT slug, hash, outline FROM openapi_outlines WHERE organization_id = $1 AND slug = ANY($2)',
      [organizationId, slugs],
    );
    return new Map(rows.map((r) => [r.slug, { hash: r.hash, outline: r.outline }]));
  }

  /**
   * Stores a spec's outline; true when it is new or replaced the stored one (false: the same
   * version again, or one processed before the stored one — a refresh that lost a race with a
   * newer one must not bring the older outline back, since nothing would refresh it again).
   */
  async store(manager: EntityManager, organizationId: string, slug: string, fetched: FetchedOutline): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO openapi_outlines (organization_id, slug, hash, outline, version_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (organization_id, slug) DO UPDATE
         SET hash = EXCLUDED.hash, outline = EXCLUDED.outline, version_at = EXCLUDED.version_at, updated_at = now()
       WHERE openapi_outlines.hash IS DISTINCT FROM EXCLUDED.hash
         AND (openapi_outlines.version_at IS NULL OR EXCLUDED.version_at IS NULL OR EXCLUDED.version_at > openapi_outlines.version_at)
       RETURNING slug`,
      [organizationId, slug, fetched.hash, JSON.stringify(fetched.outline), fetched.versionAt ?? null],
    );
    return rows.length > 0;
  }

  async remove(organizationId: string, slug: string): Promise<void> {
    await this.db.query('DELETE FROM openapi_outlines WHERE organization_id = $1 AND slug = $2', [organizationId, slug]);
  }
}
