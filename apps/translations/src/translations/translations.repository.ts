import type { JsonDocument } from '@bindery/contracts';
import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** A translation row (snake_case columns mapped to camelCase). */
export interface TranslationRow {
  id: string;
  organizationId: string;
  sourceSpace: string;
  sourceLanguage: string;
  language: string;
  instructions: JsonDocument;
  status: 'pending' | 'running' | 'completed';
  targetSpace: string | null;
  resultRevision: string | null;
  runSeq: number;
  /** The highest run sequence number that completed (0: none). */
  completedRunSeq: number;
  runs: number;
  totalWords: number;
  totalDurationMs: number;
  latestDurationMs: number;
  latestPages: number;
  latestWords: number;
  totalPages: number;
  lastError: string | null;
  lastErrorAt: Date | null;
  createdBy: string;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS: Record<string, keyof TranslationRow> = {
  id: 'id',
  organization_id: 'organizationId',
  source_space: 'sourceSpace',
  source_language: 'sourceLanguage',
  language: 'language',
  instructions: 'instructions',
  status: 'status',
  target_space: 'targetSpace',
  result_revision: 'resultRevision',
  run_seq: 'runSeq',
  completed_run_seq: 'completedRunSeq',
  runs: 'runs',
  total_words: 'totalWords',
  total_duration_ms: 'totalDurationMs',
  latest_duration_ms: 'latestDurationMs',
  latest_pages: 'latestPages',
  latest_words: 'latestWords',
  total_pages: 'totalPages',
  last_error: 'lastError',
  last_error_at: 'lastErrorAt',
  created_by: 'createdBy',
  created_at: 'createdAt',
  updated_at: 'updatedAt',
};
const NUMERIC = new Set(['totalWords', 'totalDurationMs', 'latestDurationMs']);
const COLUMN_OF = Object.fromEntries(Object.entries(COLUMNS).map(([column, field]) => [field, column])) as Record<
  keyof TranslationRow,
  string
>;

function fromRaw(raw: Record<string, unknown>): TranslationRow {
  const row: Record<string, unknown> = {};
  for (const [column, field] of Object.entries(COLUMNS)) row[field] = NUMERIC.has(field) ? Number(raw[column]) : raw[column];
  return row as unknown as TranslationRow;
}

/** A translated page as kept between runs, under the hash of what it was made from. */
export interface TranslatedPageRow {
  pageId: string;
  sourceHash: string;
  title: string;
  description: string | null;
  document: JsonDocument | null;
  words: number;
  /** The run that translated it (a resumed run counts what its killed attempt translated). */
  runSeq: number;
}

@Injectable()
export class TranslationsRepository {
  constructor(private readonly db: DataSource) {}

  async insert(
    row: Pick<TranslationRow, 'id' | 'organizationId' | 'sourceSpace' | 'sourceLanguage' | 'language' | 'instructions' | 'createdBy'>,
  ): Promise<TranslationRow> {
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `INSERT INTO translations (id, organization_id, source_space, source_language, language, instructions, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
      [row.id, row.organizationId, row.sourceSpace, row.sourceLanguage, row.language, JSON.stringify(row.instructions), row.createdBy],
    );
    return fromRaw(rows[0]);
  }

  async find(id: string, manager: EntityManager = this.db.manager): Promise<TranslationRow | null> {
    const rows: Array<Record<string, unknown>> = await manager.query('SELECT * FROM translations WHERE id = $1', [id]);
    return rows[0] ? fromRaw(rows[0]) : null;
  }

  async findInOrganization(
    organizationId: string,
    id: string,
    manager: EntityManager = this.db.manager,
    lock = false,
  ): Promise<TranslationRow | null> {
    const rows: Array<Record<string, unknown>> = await manager.query(
      `SELECT * FROM translations WHERE id = $1 AND organization_id = $2${lock ? ' FOR UPDATE' : ''}`,
      [id, organizationId],
    );
    return rows[0] ? fromRaw(rows[0]) : null;
  }

  /** The organization's translations in (createdAt, id) order after the keyset position. */
  async listByOrganization(organizationId: string, take: number, after?: CursorKey): Promise<{ rows: TranslationRow[]; count: number }> {
    const params: unknown[] = [organizationId, take];
    let where = 'organization_id = $1';
    if (after) {
      params.push(after[0], after[1]);
      where += ' AND (created_at, id) > ($3::timestamptz, $4)';
    }
    const rows: Array<Record<string, unknown>> = await this.db.query(
      `SELECT * FROM translations WHERE ${where} ORDER BY created_at, id LIMIT $2`,
      params,
    );
    const count: Array<{ n: string }> = await this.db.query('SELECT count(*) AS n FROM translations WHERE organization_id = $1', [
      organizationId,
    ]);
    return { rows: rows.map(fromRaw), count: Number(count[0].n) };
  }

  async update(id: string, changes: Partial<TranslationRow>, manager: EntityManager = this.db.manager): Promise<void> {
    const entries = Object.entries(changes).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return;
    const sets = entries.map(([field], i) => `${COLUMN_OF[field as keyof TranslationRow]} = $${i + 2}`);
    const values = entries.map(([field, v]) => (field === 'instructions' ? JSON.stringify(v) : v));
    await manager.query(`UPDATE translations SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [id, ...values]);
  }

  /** The next run's sequence number (the run's job id is `<id>.<seq>`). */
  async nextRunSeq(manager: EntityManager, id: string): Promise<number> {
    // TypeORM answers an UPDATE … RETURNING on Postgres with [rows, affected count].
    const [rows]: [Array<{ run_seq: number }>, number] = await manager.query(
      'UPDATE translations SET run_seq = run_seq + 1, updated_at = now() WHERE id = $1 RETURNING run_seq',
      [id],
    );
    return rows[0].run_seq;
  }

  async delete(organizationId: string, id: string): Promise<void> {
    await this.db.query('DELETE FROM translations WHERE id = $1 AND organization_id = $2', [id, organizationId]);
  }

  /** Pages translated by earlier runs (or by an interrupted attempt of this one). */
  async translatedPages(translationId: string): Promise<Map<string, TranslatedPageRow>> {
    const rows: Array<{
      page_id: string;
      source_hash: string;
      title: string;
      description: string | null;
      document: JsonDocument | null;
      words: number;
      run_seq: number;
    }> = await this.db.query(
      'SELECT page_id, source_hash, title, description, document, words, run_seq FROM translated_pages WHERE translation_id = $1',
      [translationId],
    );
    return new Map(
      rows.map((r) => [
        r.page_id,
        {
          pageId: r.page_id,
          sourceHash: r.source_hash,
          title: r.title,
          description: r.description,
          document: r.document,
          words: r.words,
          runSeq: r.run_seq,
        },
      ]),
    );
  }

  /** Keeps one page's translation as soon as it is made: a run killed afterwards does not pay for it again. */
  async saveTranslatedPage(translationId: string, page: TranslatedPageRow): Promise<void> {
    await this.db.query(
      `INSERT INTO translated_pages (translation_id, page_id, source_hash, title, description, document, words, run_seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (translation_id, page_id) DO UPDATE SET source_hash = $3, title = $4, description = $5, document = $6, words = $7, run_seq = $8`,
      [
        translationId,
        page.pageId,
        page.sourceHash,
        page.title,
        page.description,
        page.document === null ? null : JSON.stringify(page.document),
        page.words,
        page.runSeq,
      ],
    );
  }

  /** Forgets pages the source no longer has; answers how many remain. */
  async keepTranslatedPages(translationId: string, pageIds: string[]): Promise<number> {
    await this.db.query('DELETE FROM translated_pages WHERE translation_id = $1 AND NOT (page_id = ANY($2))', [translationId, pageIds]);
    const rows: Array<{ n: string }> = await this.db.query('SELECT count(*) AS n FROM translated_pages WHERE translation_id = $1', [
      translationId,
    ]);
    return Number(rows[0].n);
  }

  /**
   * Runs `work` holding the translation's run lock (a session advisory lock on a connection of its
   * own): runs of one translation are serialised across every worker, and a worker killed with
   * the lock loses its connection, which releases it.
   */
  async withRunLock<T>(translationId: string, work: () => Promise<T>): Promise<T> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.query("SELECT pg_advisory_lock(hashtextextended('translation-run:' || $1, 0))", [translationId]);
      try {
        return await work();
      } finally {
        await runner.query("SELECT pg_advisory_unlock(hashtextextended('translation-run:' || $1, 0))", [translationId]);
      }
    } finally {
      await runner.release();
    }
  }
}
