import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CONTENT_GC_LOCK } from './content-write-lock';

export interface CollectedRows {
  pageNodes: number;
  documents: number;
  fileLists: number;
}

/**
 * Deletes stored content no revision can reach any more: page versions, bodies and file lists
 * of purged spaces. They are shared between revisions and spaces by content hash, so nothing is
 * deleted by owner: the page versions reachable from every revision's top-level hashes are
 * marked (a recursive walk of the Merkle tree in Postgres), and the rest goes. Runs under the
 * exclusive side of the writers' lock (see `content-write-lock.ts`), so writers pause meanwhile.
 *
 * File bytes in the storage backend are not collected here (see README).
 */
@Injectable()
export class ContentCollector {
  constructor(private readonly db: DataSource) {}

  collect(): Promise<CollectedRows> {
    return this.db.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [CONTENT_GC_LOCK]);
      await manager.query(`
        CREATE TEMP TABLE live_nodes ON COMMIT DROP AS
        WITH RECURSIVE reach(hash) AS (
          SELECT DISTINCT unnest(pages) FROM revisions
          UNION
          SELECT jsonb_array_elements_text(n.node -> 'children') FROM page_nodes n JOIN reach r ON n.hash = r.hash
        )
        SELECT hash FROM reach`);
      const count = async (sql: string): Promise<number> => (await manager.query<[unknown[], number]>(sql))[1];
      const pageNodes = await count('DELETE FROM page_nodes p WHERE NOT EXISTS (SELECT 1 FROM live_nodes l WHERE l.hash = p.hash)');
      const documents = await count(
        `DELETE FROM documents d WHERE NOT EXISTS (SELECT 1 FROM page_nodes n WHERE n.node ->> 'document' = d.hash)`,
      );
      const fileLists = await count('DELETE FROM file_lists f WHERE NOT EXISTS (SELECT 1 FROM revisions r WHERE r.files_hash = f.hash)');
      return { pageNodes, documents, fileLists };
    });
  }
}
