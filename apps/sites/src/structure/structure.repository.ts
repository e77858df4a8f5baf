import type { Space } from '@bindery/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Positioned } from './position';
import type { GroupRow, SectionRow, SiteSpaceRow, SiteStructureRows } from './rows';

export type StructureTable = 'site_section_groups' | 'site_sections' | 'site_spaces';
const TABLES: readonly StructureTable[] = ['site_section_groups', 'site_sections', 'site_spaces'];

/** Columns of a structure table a service may change, already checked (null clears). */
export type Changes = Record<string, string | null | undefined>;
const CHANGEABLE: Record<StructureTable, readonly string[]> = {
  site_section_groups: ['title', 'icon', 'parent_id', 'position'],
  site_sections: ['title', 'description', 'icon', 'path', 'condition', 'default_site_space_id', 'group_id', 'position'],
  site_spaces: ['path', 'condition', 'section_id', 'position', 'space_id'],
};

/** Groups, sections and site spaces of sites. */
@Injectable()
export class StructureRepository {
  constructor(private readonly db: DataSource) {}

  /** Every group, section and site space of a site (in no particular order). */
  async load(siteId: string, manager: EntityManager = this.db.manager): Promise<SiteStructureRows> {
    // One query at a time on a transaction's client.
    const groups: GroupRow[] = await manager.query('SELECT * FROM site_section_groups WHERE site_id = $1', [siteId]);
    const sections: SectionRow[] = await manager.query('SELECT * FROM site_sections WHERE site_id = $1', [siteId]);
    const siteSpaces: SiteSpaceRow[] = await manager.query('SELECT * FROM site_spaces WHERE site_id = $1', [siteId]);
    return { groups, sections, siteSpaces };
  }

  async insertGroup(manager: EntityManager, row: Omit<GroupRow, 'site_id'> & { site_id: string }): Promise<void> {
    await manager.query('INSERT INTO site_section_groups (id, site_id, parent_id, title, icon, position) VALUES ($1, $2, $3, $4, $5, $6)', [
      row.id,
      row.site_id,
      row.parent_id,
      row.title,
      row.icon,
      row.position,
    ]);
  }

  async insertSection(manager: EntityManager, row: SectionRow): Promise<void> {
    await manager.query(
      `INSERT INTO site_sections (id, site_id, group_id, title, description, icon, path, condition, default_site_space_id, position)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        row.id,
        row.site_id,
        row.group_id,
        row.title,
        row.description,
        row.icon,
        row.path,
        row.condition,
        row.default_site_space_id,
        row.position,
      ],
    );
  }

  async insertSiteSpace(
    manager: EntityManager,
    row: Omit<SiteSpaceRow, 'created_at' | 'customization' | 'customization_updated_at'> & { added_by: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO site_spaces (id, site_id, section_id, space_id, path, condition, position, space, added_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [row.id, row.site_id, row.section_id, row.space_id, row.path, row.condition, row.position, JSON.stringify(row.space), row.added_by],
    );
  }

  async update(manager: EntityManager, table: StructureTable, id: string, changes: Changes): Promise<void> {
    if (!TABLES.includes(table)) throw new Error(`unknown table ${table}`);
    const entries = Object.entries(changes).filter(([column, value]) => value !== undefined && CHANGEABLE[table].includes(column));
    if (!entries.length) return;
    const params: unknown[] = [id];
    const sets = entries.map(([column, value]) => `${column} = $${params.push(value)}`);
    await manager.query(`UPDATE ${table} SET ${sets.join(', ')} WHERE id = $1`, params);
  }

  async setPositions(manager: EntityManager, table: StructureTable, rows: Positioned[]): Promise<void> {
    if (!TABLES.includes(table)) throw new Error(`unknown table ${table}`);
    for (const row of rows) await manager.query(`UPDATE ${table} SET position = $2 WHERE id = $1`, [row.id, row.position]);
  }

  async setSpace(manager: EntityManager, siteSpaceId: string, space: Space, addedBy: string): Promise<void> {
    await manager.query('UPDATE site_spaces SET space_id = $2, space = $3, added_by = $4 WHERE id = $1', [
      siteSpaceId,
      space.id,
      JSON.stringify(space),
      addedBy,
    ]);
  }

  async delete(manager: EntityManager, table: StructureTable, siteId: string, id: string): Promise<void> {
    if (!TABLES.includes(table)) throw new Error(`unknown table ${table}`);
    await manager.query(`DELETE FROM ${table} WHERE site_id = $1 AND id = $2`, [siteId, id]);
  }

  /** Site spaces showing a space, anywhere: `added_by` is who added it (the events consumer refreshes as them). */
  async siteSpacesOfSpace(
    spaceId: string,
  ): Promise<Array<{ id: string; site_id: string; organization_id: string; added_by: string; location: string | null }>> {
    return this.db.query(
      `SELECT ss.id, ss.site_id, s.organization_id, ss.added_by, ss.space->'urls'->>'location' AS location
       FROM site_spaces ss JOIN sites s ON s.id = ss.site_id WHERE ss.space_id = $1 ORDER BY ss.created_at`,
      [spaceId],
    );
  }

  /** Replaces the embedded Space of every site space showing it; the sites touched. */
  async refreshSpace(manager: EntityManager, space: Space): Promise<string[]> {
    const rows: Array<{ site_id: string }> = await manager.query(
      'UPDATE site_spaces SET space = $2 WHERE space_id = $1 RETURNING site_id',
      [space.id, JSON.stringify(space)],
    );
    return [...new Set(rows.map((r) => r.site_id))];
  }

  /** Removes the site spaces of a space (deleted, or moved to another organization); the sites touched. */
  async removeSpace(manager: EntityManager, spaceId: string, exceptOrganizationId?: string): Promise<string[]> {
    const rows: Array<{ site_id: string }> = await manager.query(
      `DELETE FROM site_spaces ss USING sites s WHERE ss.site_id = s.id AND ss.space_id = $1 AND ($2::text IS NULL OR s.organization_id <> $2)
       RETURNING ss.site_id`,
      [spaceId, exceptOrganizationId ?? null],
    );
    return [...new Set(rows.map((r) => r.site_id))];
  }
}
