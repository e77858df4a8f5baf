import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

export interface StoredCustomization {
  customization: Record<string, unknown> | null;
  customization_updated_at: Date | null;
}

/** The customization columns of `sites` and `site_spaces` (set in the caller's transaction). */
@Injectable()
export class CustomizationRepository {
  async setSite(manager: EntityManager, siteId: string, settings: Record<string, unknown>): Promise<void> {
    await manager.query('UPDATE sites SET customization = $2, customization_updated_at = clock_timestamp() WHERE id = $1', [
      siteId,
      JSON.stringify(settings),
    ]);
  }

  /** The site space's overrides (undefined when the site space is not the site's); locked for update when asked. */
  async findSiteSpace(manager: EntityManager, siteId: string, siteSpaceId: string, lock = false): Promise<StoredCustomization | undefined> {
    const rows: StoredCustomization[] = await manager.query(
      `SELECT customization, customization_updated_at FROM site_spaces WHERE site_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
      [siteId, siteSpaceId],
    );
    return rows[0];
  }

  async setSiteSpace(manager: EntityManager, siteSpaceId: string, overrides: Record<string, unknown> | null): Promise<void> {
    await manager.query(
      `UPDATE site_spaces SET customization = $2,
         customization_updated_at = CASE WHEN $2::jsonb IS NULL THEN NULL ELSE clock_timestamp() END WHERE id = $1`,
      [siteSpaceId, overrides === null ? null : JSON.stringify(overrides)],
    );
  }
}
