import { preparedQuery, type WriteBatch } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource, type EntityManager } from 'typeorm';
import { contentHash, stableStringify } from '../model/content-hash';
import type { StoredFile } from '../model/file-list';
import type { StoredReusableContent } from '../model/reusable-contents';
import { CONTENT_WRITE_LOCK_CONDITION, holdContentWriteLock } from './content-write-lock';

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
  /** Revisions each open transaction inserted (not cached when it reads them back). */
  private readonly ownInserts = new WeakMap<EntityManager, Set<string>>();

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
    this.cacheIfCommitted(revision, manager);
    return revision;
  }

  /**
   * Several revisions in one query (the cached ones from memory), in the order asked; a missing
   * id throws. Rows read in a transaction are cached only when they are not its own inserts.
   */
  async findMany(ids: string[], manager: EntityManager = this.db.manager): Promise<RevisionRow[]> {
    const missing = [...new Set(ids.filter((id) => !this.committed.has(id)))];
    const read = new Map<string, RevisionRow>();
    if (missing.length > 0) {
      const rows: RawRevision[] = await manager.query(
        `SELECT r.*, l.files AS file_list, u.contents AS reusable_list FROM revisions r
         LEFT JOIN file_lists l ON l.hash = r.files_hash LEFT JOIN reusable_content_lists u ON u.hash = r.reusable_contents_hash
         WHERE r.id = ANY($1)`,
        [missing],
      );
      for (const raw of rows) {
        const revision = fromRaw(raw);
        read.set(raw.id, revision);
        this.cacheIfCommitted(revision, manager);
      }
    }
    return ids.map((id) => {
      const revision = this.committed.get(id) ?? read.get(id);
      if (!revision) throw new Error(`revision ${id} missing from storage`);
      return revision;
    });
  }

  /**
   * A revision this process wrote, once its transaction has committed: the next edit or merge
   * (which reads it as the change request's or the space's revision) finds it in memory instead
   * of reading back the row it has just written.
   */
  remember(revision: RevisionRow): void {
    this.committed.set(revision.id, revision);
  }

  /**
   * A row a transaction reads is committed unless that transaction inserted it (READ COMMITTED
   * shows other transactions' rows only once committed); its own may still roll back.
   */
  private cacheIfCommitted(revision: RevisionRow, manager: EntityManager): void {
    if (!this.ownInserts.get(manager)?.has(revision.id)) this.committed.set(revision.id, revision);
  }

  private noteInsert(manager: EntityManager, id: string): void {
    if (manager === this.db.manager) return;
    let ids = this.ownInserts.get(manager);
    if (!ids) this.ownInserts.set(manager, (ids = new Set()));
    ids.add(id);
  }

  /**
   * Inserts a revision. Its file list is stored once by content hash, so a revision whose files
   * did not change (every page edit) adds a hash, not a copy of the list.
   */
  async insert(manager: EntityManager, revision: Omit<RevisionRow, 'createdAt'>): Promise<RevisionRow> {
    await holdContentWriteLock(manager);
    this.noteInsert(manager, revision.id);
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
  /**
   * The same rows as `insert`, added to `batch` (written with the batch's other statements, in one
   * round trip); the row is built here, with the caller's `createdAt`. The caller holds the content
   * write lock (`holdContentWriteLock`) before the batch runs.
   */
  insertIn(manager: EntityManager, batch: WriteBatch, revision: RevisionRow): RevisionRow {
    this.noteInsert(manager, revision.id);
    const filesHash = revision.files.length > 0 ? contentHash(revision.files) : null;
    if (filesHash)
      batch.add(`INSERT INTO file_lists (hash, files) SELECT $1, $2::jsonb WHERE ${CONTENT_WRITE_LOCK_CONDITION} ON CONFLICT DO NOTHING`, [
        filesHash,
        stableStringify(revision.files),
      ]);
    const reusableHash = revision.reusableContents.length > 0 ? contentHash(revision.reusableContents) : null;
    if (reusableHash)
      batch.add(
        `INSERT INTO reusable_content_lists (hash, contents) SELECT $1, $2::jsonb WHERE ${CONTENT_WRITE_LOCK_CONDITION} ON CONFLICT DO NOTHING`,
        [reusableHash, stableStringify(revision.reusableContents)],
      );
    batch.add(
      `INSERT INTO revisions (id, space_id, parents, pages, files_hash, type, merged_from, reusable_contents_hash, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        revision.id,
        revision.spaceId,
        revision.parents,
        revision.pages,
        filesHash,
        revision.type,
        revision.mergedFrom,
        reusableHash,
        revision.createdAt,
      ],
    );
    return revision;
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
