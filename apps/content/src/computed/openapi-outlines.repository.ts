import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { OpenApiOutline } from './openapi-outline';

export interface StoredOutline {
  hash: string;
  outline: OpenApiOutline;
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

  /** Stores a spec's outline; true when it is new or its hash changed (false: the same version again). */
  async store(manager: EntityManager, organizationId: string, slug: string, stored: StoredOutline): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO openapi_outlines (organization_id, slug, hash, outline) VALUES ($1, $2, $3, $4)
       ON CONFLICT (organization_id, slug) DO UPDATE SET hash = EXCLUDED.hash, outline = EXCLUDED.outline, updated_at = now()
       WHERE openapi_outlines.hash IS DISTINCT FROM EXCLUDED.hash
       RETURNING slug`,
      [organizationId, slug, stored.hash, JSON.stringify(stored.outline)],
    );
    return rows.length > 0;
  }

  async remove(organizationId: string, slug: string): Promise<void> {
    await this.db.query('DELETE FROM openapi_outlines WHERE organization_id = $1 AND slug = $2', [organizationId, slug]);
  }
}
