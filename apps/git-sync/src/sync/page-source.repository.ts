import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { PageSource } from '../format/page-source';

/** The imported text of a space's page files (`page_sources`), by root-relative path. */
@Injectable()
export class PageSourceRepository {
  constructor(private readonly db: DataSource) {}

  async find(spaceId: string): Promise<Map<string, PageSource>> {
    const rows: Array<{ path: string; oid: string; page_hash: string; source: string }> = await this.db.query(
      'SELECT path, oid, page_hash, source FROM page_sources WHERE space_id = $1',
      [spaceId],
    );
    return new Map(rows.map((row) => [row.path, { oid: row.oid, hash: row.page_hash, source: row.source }]));
  }

  /**
   * After an import: the pages it parsed get their new source; pages it kept keep theirs; paths
   * that are no longer pages lose it.
   */
  async record(manager: EntityManager, spaceId: string, parsed: ReadonlyMap<string, PageSource>, pagePaths: string[]): Promise<void> {
    await manager.query('DELETE FROM page_sources WHERE space_id = $1 AND NOT (path = ANY($2::text[]))', [spaceId, pagePaths]);
    if (parsed.size === 0) return;
    const entries = [...parsed];
    // The texts go as one JSON array: a `text[]` parameter had the driver escape every character
    // of every page's Markdown (megabytes for a large repository), JSON.stringify is native.
    await manager.query(
      `INSERT INTO page_sources (space_id, path, oid, page_hash, source)
       SELECT $1, p.path, p.oid, p.hash, s.source
         FROM unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS p(path, oid, hash, n)
         JOIN json_array_elements_text($5::json) WITH ORDINALITY AS s(source, n) USING (n)
       ON CONFLICT (space_id, path) DO UPDATE SET oid = EXCLUDED.oid, page_hash = EXCLUDED.page_hash, source = EXCLUDED.source`,
      [
        spaceId,
        entries.map(([path]) => path),
        entries.map(([, source]) => source.oid),
        entries.map(([, source]) => source.hash),
        JSON.stringify(entries.map(([, source]) => source.source)),
      ],
    );
  }
}
