import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { SiteRow } from '../structure/rows';

const SITE_COLUMNS = `s.*, (SELECT count(*)::int FROM site_spaces ss WHERE ss.site_id = s.id) AS site_spaces`;

export interface SiteFilter {
  space?: string;
  title?: string;
  published?: boolean;
}

export interface NewSite {
  id: string;
  organizationId: string;
  type: string;
  title: string;
  visibility: string;
  shareKey: string;
  createdBy: string;
}

/** Columns a PATCH of a site may set (already checked by the service). */
export interface SiteChanges {
  title?: string;
  visibility?: string;
  basename?: string;
  hostname?: string | null;
  proxy?: string | null;
  adaptive_enabled?: boolean;
  agents_context?: string;
  default_site_section_id?: string | null;
  default_site_space_id?: string | null;
  published?: boolean;
  adaptive_schema?: Record<string, unknown>;
  adaptive_updated_at?: Date;
}

const escapeLike = (text: string): string => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

@Injectable()
export class SitesRepository {
  constructor(private readonly db: DataSource) {}

  async list(organizationId: string, filter: SiteFilter, take: number, after?: CursorKey): Promise<{ rows: SiteRow[]; count: number }> {
    const params: unknown[] = [organizationId];
    const conditions = ['s.organization_id = $1'];
    if (filter.title) conditions.push(`s.title ILIKE $${params.push(escapeLike(filter.title))}`);
    if (filter.published !== undefined) conditions.push(`s.published = $${params.push(filter.published)}`);
    if (filter.space)
      conditions.push(`EXISTS (SELECT 1 FROM site_spaces f WHERE f.site_id = s.id AND f.space_id = $${params.push(filter.space)})`);
    const where = conditions.join(' AND ');
    const counted: Array<{ n: number }> = await this.db.query(`SELECT count(*)::int AS n FROM sites s WHERE ${where}`, params);
    const keyset = after ? `AND (s.created_at, s.id) > ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})` : '';
    const rows: SiteRow[] = await this.db.query(
      `SELECT ${SITE_COLUMNS} FROM sites s WHERE ${where} ${keyset} ORDER BY s.created_at, s.id LIMIT ${Number(take)}`,
      params,
    );
    return { rows, count: counted[0].n };
  }

  async find(organizationId: string, siteId: string, manager: EntityManager = this.db.manager): Promise<SiteRow | undefined> {
    const rows: SiteRow[] = await manager.query(`SELECT ${SITE_COLUMNS} FROM sites s WHERE s.organization_id = $1 AND s.id = $2`, [
      organizationId,
      siteId,
    ]);
    return rows[0];
  }

  /** Locks a site row for a structure change (one writer per site at a time). */
  async lock(manager: EntityManager, organizationId: string, siteId: string): Promise<SiteRow | undefined> {
    const rows: unknown[] = await manager.query('SELECT id FROM sites WHERE organization_id = $1 AND id = $2 FOR UPDATE', [
      organizationId,
      siteId,
    ]);
    return rows.length ? this.find(organizationId, siteId, manager) : undefined;
  }

  async insert(manager: EntityManager, site: NewSite): Promise<void> {
    await manager.query(
      `INSERT INTO sites (id, organization_id, type, title, visibility, share_key, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [site.id, site.organizationId, site.type, site.title, site.visibility, site.shareKey, site.createdBy],
    );
  }

  /** Applies changes and marks the site changed (published structures are cached by `updated_at`). */
  async update(manager: EntityManager, siteId: string, changes: SiteChanges): Promise<void> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    const params: unknown[] = [siteId];
    const sets = entries.map(
      ([column, value]) => `${column} = $${params.push(column === 'adaptive_schema' ? JSON.stringify(value) : value)}`,
    );
    sets.push('updated_at = clock_timestamp()');
    await manager.query(`UPDATE sites SET ${sets.join(', ')} WHERE id = $1`, params);
  }

  /** Marks sites changed (their structure or an embedded space changed). */
  async touch(manager: EntityManager, siteIds: string[]): Promise<void> {
    if (siteIds.length) await manager.query('UPDATE sites SET updated_at = clock_timestamp() WHERE id = ANY($1)', [siteIds]);
  }

  /**
   * Another site, of any organization, already has this hostname: a hostname belongs to one site
   * (the unique index `sites_hostname_unique` holds it against a concurrent claim).
   */
  async hostnameTaken(manager: EntityManager, hostname: string, exceptSiteId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM sites WHERE hostname = $1 AND id <> $2', [hostname, exceptSiteId]);
    return rows.length > 0;
  }

  async basenameTaken(manager: EntityManager, organizationId: string, basename: string, exceptSiteId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query('SELECT 1 FROM sites WHERE organization_id = $1 AND basename = $2 AND id <> $3', [
      organizationId,
      basename,
      exceptSiteId,
    ]);
    return rows.length > 0;
  }

  async delete(manager: EntityManager, organizationId: string, siteId: string): Promise<boolean> {
    const result: unknown = await manager.query('DELETE FROM sites WHERE organization_id = $1 AND id = $2', [organizationId, siteId]);
    return (result as [unknown, number])[1] > 0;
  }

  /** The `updated_at` of a site (the published cache's check), or undefined. */
  async version(siteId: string): Promise<{ organization_id: string; updated_at: Date } | undefined> {
    const rows: Array<{ organization_id: string; updated_at: Date }> = await this.db.query(
      'SELECT organization_id, updated_at FROM sites WHERE id = $1',
      [siteId],
    );
    return rows[0];
  }

  /** Published lookups: a site by custom hostname (and basename when several share it). */
  async idByHostname(hostname: string, basename?: string): Promise<string | undefined> {
    const rows: Array<{ id: string }> = await this.db.query(
      `SELECT id FROM sites WHERE hostname = $1 AND ($2::text IS NULL OR basename = $2) ORDER BY created_at, id LIMIT 1`,
      [hostname, basename ?? null],
    );
    return rows[0]?.id;
  }

  async idByBasename(organizationId: string, basename: string): Promise<string | undefined> {
    const rows: Array<{ id: string }> = await this.db.query('SELECT id FROM sites WHERE organization_id = $1 AND basename = $2', [
      organizationId,
      basename,
    ]);
    return rows[0]?.id;
  }

  async exists(organizationId: string, siteId: string): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM sites WHERE organization_id = $1 AND id = $2', [organizationId, siteId]);
    return rows.length > 0;
  }
}

/** The error of a write that lost a race for a hostname (Postgres unique violation on its index). */
export function isHostnameClash(error: unknown): boolean {
  const { code, constraint } = (error ?? {}) as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === HOSTNAME_INDEX;
}

const HOSTNAME_INDEX = 'sites_hostname_unique';
