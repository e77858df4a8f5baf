import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { StoredFile } from '../model/file-list';

/** A revision row: its parents and the top-level page node hashes of its tree. */
export interface RevisionRow {
  id: string;
  spaceId: string;
  parents: string[];
  pages: string[];
  files: StoredFile[];
  type: 'edits' | 'merge' | 'update';
  mergedFrom: string | null;
  createdAt: Date;
}

interface RawRevision {
  id: string;
  space_id: string;
  parents: string[];
  pages: string[];
  files: StoredFile[];
  type: RevisionRow['type'];
  merged_from: string | null;
  created_at: Date;
}

@Injectable()
export class RevisionsRepository {
  constructor(private readonly db: DataSource) {}

  async find(id: string, manager: EntityManager = this.db.manager): Promise<RevisionRow | null> {
    const rows: RawRevision[] = await manager.query('SELECT * FROM revisions WHERE id = $1', [id]);
    return rows[0] ? fromRaw(rows[0]) : null;
  }

  async insert(manager: EntityManager, revision: Omit<RevisionRow, 'createdAt'>): Promise<RevisionRow> {
    const rows: RawRevision[] = await manager.query(
      `INSERT INTO revisions (id, space_id, parents, pages, files, type, merged_from) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [revision.id, revision.spaceId, revision.parents, revision.pages, JSON.stringify(revision.files), revision.type, revision.mergedFrom],
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
    files: raw.files,
    type: raw.type,
    mergedFrom: raw.merged_from,
    createdAt: raw.created_at,
  };
}
