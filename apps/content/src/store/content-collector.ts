import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock } from '../clock/clock';
import { FILE_STORAGE, type FileStorage } from './file-storage/file-storage';
import { CONTENT_GC_LOCK } from './content-write-lock';

export interface CollectedContent {
  pageNodes: number;
  documents: number;
  fileLists: number;
  reusableLists: number;
  fileBytes: number;
}

/**
 * Bytes younger than this are never collected: a batch stores its bytes before its transaction,
 * and this is far beyond the time any batch may take.
 */
const FILE_BYTES_GRACE_MS = 60 * 60 * 1000;
/** Bytes checked and deleted per hold of the lock, so writers never wait long. */
const FILE_BYTES_BATCH = 200;

/**
 * Deletes stored content no revision can reach any more: page versions, bodies, file lists and reusable content lists
 * of purged spaces. They are shared between revisions and spaces by content hash, so nothing is
 * deleted by owner: the page versions reachable from every revision's top-level hashes are
 * marked (a recursive walk of the Merkle tree in Postgres), and the rest goes. Runs under the
 * exclusive side of the writers' lock (see `content-write-lock.ts`), so writers pause meanwhile.
 *
 * Then file bytes: those written over an hour ago that no file list names are deleted, a batch at
 * a time under the same lock (a batch confirms its bytes under the lock, see `FileIntake`).
 */
@Injectable()
export class ContentCollector {
  constructor(
    private readonly db: DataSource,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly clock: Clock,
  ) {}

  async collect(): Promise<CollectedContent> {
    const rows = await this.collectRows();
    return { ...rows, fileBytes: await this.collectFileBytes() };
  }

  private collectRows(): Promise<Omit<CollectedContent, 'fileBytes'>> {
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
      // Lists of reusable contents go first: a body only a dead list named goes with the other bodies.
      const reusableLists = await count(
        'DELETE FROM reusable_content_lists u WHERE NOT EXISTS (SELECT 1 FROM revisions r WHERE r.reusable_contents_hash = u.hash)',
      );
      const documents = await count(
        `DELETE FROM documents d WHERE NOT EXISTS (SELECT 1 FROM page_nodes n WHERE n.node ->> 'document' = d.hash)
           AND NOT EXISTS (SELECT 1 FROM reusable_content_lists u, jsonb_array_elements(u.contents) c WHERE c ->> 'document' = d.hash)`,
      );
      const fileLists = await count('DELETE FROM file_lists f WHERE NOT EXISTS (SELECT 1 FROM revisions r WHERE r.files_hash = f.hash)');
      return { pageNodes, documents, fileLists, reusableLists };
    });
  }

  private async collectFileBytes(): Promise<number> {
    const cutoff = new Date(this.clock.now().getTime() - FILE_BYTES_GRACE_MS);
    let deleted = 0;
    let batch: string[] = [];
    for await (const hash of this.storage.listWrittenBefore(cutoff)) {
      batch.push(hash);
      if (batch.length === FILE_BYTES_BATCH) {
        deleted += await this.deleteUnused(batch);
        batch = [];
      }
    }
    if (batch.length > 0) deleted += await this.deleteUnused(batch);
    return deleted;
  }

  private deleteUnused(hashes: string[]): Promise<number> {
    return this.db.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [CONTENT_GC_LOCK]);
      const used: Array<{ hash: string }> = await manager.query(
        `SELECT DISTINCT f ->> 'hash' AS hash FROM file_lists l, jsonb_array_elements(l.files) f WHERE f ->> 'hash' = ANY($1)`,
        [hashes],
      );
      const keep = new Set(used.map((row) => row.hash));
      const unused = hashes.filter((hash) => !keep.has(hash));
      for (const hash of unused) await this.storage.delete(hash);
      return unused.length;
    });
  }
}
