import { preparedQuery } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource, type EntityManager } from 'typeorm';
import { contentHash, stableStringify } from '../model/content-hash';
import type { StoredFile } from '../model/file-list';
import type { StoredReusableContent } from '../model/reusable-contents';
import { holdContentWriteLock } from './content-write-lock';

/** A revision row: its parents, the top-level page node hashes of its tree, and its files. */
export interface RevisionRow {
  id: string;
  spaceId: string;
  parents: string[];
  pages: string[];
  files: StoredFile[];
  reusableContents: StoredReusableContent[];
  type: 'edits' | 'merge' | 'update';
  mergedFrom: string | null;
  createdAt: Date;
}

interface RawRevision {
  id: string;
  space_id: string;
  parents: string[];
  pages: string[];
  file_list: StoredFile[] | null;
  reusable_list: StoredReusableContent[] | null;
  type: RevisionRow['type'];
  merged_from: string | null;
  created_at: Date;
}

@Injectable()
export class RevisionsRepository {
  /**
   * Committed revisions by id. A revision row never changes once written (its files and reusable
   * contents are lists stored by hash), and every read of content resolves one, so the query (and
   * the parsing of its hash arrays) is made once per revision. Rows go away only when their space
   * is purged, and a purged space is refused before its revision is looked up.
   */
  private readonly committed = new LRUCache<string, RevisionRow>({ max: 2_000 });

  constructor(private readonly db: DataSource) {}

  async find(id: string, manager: EntityManager = this.db.manager): Promise<RevisionRow | null> {
    const cached = this.committed.get(id);
    if (cached) return cached;
    const text = `SELECT r.*, l.files AS file_list, u.contents AS reusable_list FROM revisions r
       LEFT JOIN file_lists l ON l.hash = r.files_hash LEFT JOIN reusable_content_lists u ON u.hash = r.reusable_contents_hash
       WHERE r.id = $1`;
    const rows: Array<RawRevision & { files_hash: string | null }> =
      manager === this.db.manager ? await preparedQuery(this.db, 'content.revision_by_id', text, [id]) : await manager.query(text, [id]);
    if (!rows[0]) return null;
    const revision = fromRaw(rows[0]);
    // Outside a transaction only: a transaction may read a revision it inserted and then roll back.
    if (manager === this.db.manager) this.committed.set(id, revision);
    return revision;
  }

  /**
   * Inserts a revision. Its file list is stored once by content hash, so a revision whose files
   * did not change (every page edit) adds a hash, not a copy of the list.
   */
  async insert(manager: EntityManager, revision: Omit<RevisionRow, 'createdAt'>): Promise<RevisionRow> {
    await holdContentWriteLock(manager);
    const filesHash = revision.files.length > 0 ? contentHash(revision.files) : null;
    // Written even when it exists (ON CONFLICT DO NOTHING): the collector may remove unused lists.
    if (filesHash) {
      await manager.query('INSERT INTO file_lists (hash, files) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        filesHash,
        stableStringify(revision.files),
      ]);
    }
    // Reusable contents are stored the same way (most edits leave them as they were).
    const reusableHash = revision.reusableContents.length > 0 ? contentHash(revision.reusableContents) : null;
    if (reusableHash) {
      await manager.query('INSERT INTO reusable_content_lists (hash, contents) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
        reusableHash,
        stableStringify(revision.reusableContents),
      ]);
    }
    const rows: RawRevision[] = await manager.query(
      `INSERT INTO revisions (id, space_id, parents, pages, files_hash, type, merged_from, reusable_contents_hash)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $9)
       RETURNING *, $8::jsonb AS file_list, $10::jsonb AS reusable_list`,
      [
        revision.id,
        revision.spaceId,
        revision.parents,
        revision.pages,
        filesHash,
        revision.type,
        revision.mergedFrom,
        JSON.stringify(revision.files),
        reusableHash,
        JSON.stringify(revision.reusableContents),
      ],
    );
    return fromRaw(rows[0]);
  }
}

function fromRaw(raw: RawRevision): RevisionRow {
  return {
    id: raw.id,
    spaceId: raw.space_id,
    parents: raw.parents,
    pages: raw.pages,
    files: raw.file_list ?? [],
    reusableContents: raw.reusable_list ?? [],
    type: raw.type,
    mergedFrom: raw.merged_from,
    createdAt: raw.created_at,
  };
}
