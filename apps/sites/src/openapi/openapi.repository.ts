import type { OpenApiErrorCode, OpenApiProcessError, OpenApiVisibility } from '@bindery/contracts';
import type { CursorKey } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type OpenApiSpecRow, type OpenApiVersionRow, SPEC_COLUMNS, VERSION_COLUMNS } from './openapi-spec.row';
import type { SourceFile } from './processing/spec-files';

export interface SpecSource {
  url: string | null;
  text: string | null;
}

/** What one processing found: a new version (or the current one again), or the errors. */
export interface ProcessOutcome {
  versionId?: string;
  errorCode?: OpenApiErrorCode;
  errors?: OpenApiProcessError[];
  errorCount?: number;
  /** Processing is over (success, a permanent error or the last attempt): the state becomes `complete`. */
  final: boolean;
  etag?: string | null;
  lastModified?: string | null;
  /** The files fetched, with their validators (replacing those recorded); undefined keeps them. */
  files?: SourceFile[];
}

/** Data access of specs, versions and their documents (raw SQL on the service's own schema). */
@Injectable()
export class OpenApiRepository {
  constructor(private readonly db: DataSource) {}

  get manager(): EntityManager {
    return this.db.manager;
  }

  async list(organizationId: string, limit: number, after?: CursorKey): Promise<{ rows: OpenApiSpecRow[]; count: number }> {
    const counted: Array<{ n: number }> = await this.db.query('SELECT count(*)::int AS n FROM openapi_specs WHERE organization_id = $1', [
      organizationId,
    ]);
    const params: unknown[] = [organizationId];
    const keyset = after ? `AND (s.created_at, s.id) > ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})` : '';
    const rows: OpenApiSpecRow[] = await this.db.query(
      `SELECT ${SPEC_COLUMNS} FROM openapi_specs s WHERE s.organization_id = $1 ${keyset} ORDER BY s.created_at, s.id LIMIT ${Number(limit)}`,
      params,
    );
    return { rows, count: counted[0].n };
  }

  async findBySlug(
    organizationId: string,
    slug: string,
    manager: EntityManager = this.db.manager,
    lock = false,
  ): Promise<OpenApiSpecRow | undefined> {
    const rows: OpenApiSpecRow[] = await manager.query(
      `SELECT ${SPEC_COLUMNS} FROM openapi_specs s WHERE s.organization_id = $1 AND s.slug = $2${lock ? ' FOR UPDATE' : ''}`,
      [organizationId, slug],
    );
    return rows[0];
  }

  async findById(id: string, manager: EntityManager = this.db.manager, lock = false): Promise<OpenApiSpecRow | undefined> {
    const rows: OpenApiSpecRow[] = await manager.query(
      `SELECT ${SPEC_COLUMNS} FROM openapi_specs s WHERE s.id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0];
  }

  /** Inserts a spec; false when the organization already has one with this slug. */
  async insert(manager: EntityManager, spec: { id: string; organizationId: string; slug: string; source: SpecSource }): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO openapi_specs (id, organization_id, slug, source_url, source_text) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT ON CONSTRAINT openapi_specs_org_slug DO NOTHING RETURNING id`,
      [spec.id, spec.organizationId, spec.slug, spec.source.url, spec.source.text],
    );
    return rows.length > 0;
  }

  /** A new source (or the same URL to fetch again): a new generation, pending; returns it. */
  async replaceSource(manager: EntityManager, id: string, source: SpecSource): Promise<number> {
    // An UPDATE … RETURNING answers [rows, affected count] through TypeORM's postgres driver; `old`
    // reads the row as it was before the update.
    const [rows]: [Array<{ generation: number; sameUrl: boolean }>, number] = await manager.query(
      `UPDATE openapi_specs s SET source_url = $2, source_text = $3, generation = s.generation + 1, processing_state = 'pending',
         source_etag = NULL, source_last_modified = NULL, updated_at = now()
         FROM (SELECT source_url FROM openapi_specs WHERE id = $1) old
         WHERE s.id = $1 RETURNING s.generation, old.source_url IS NOT DISTINCT FROM $2 AND $2 IS NOT NULL AS "sameUrl"`,
      [id, source.url, source.text],
    );
    // The same URL again is revalidated file by file (an unchanged spec is not processed again);
    // another source's files say nothing about this one.
    if (!rows[0].sameUrl) await manager.query('DELETE FROM openapi_source_files WHERE spec_id = $1', [id]);
    return rows[0].generation;
  }

  async setVisibility(id: string, visibility: OpenApiVisibility): Promise<void> {
    await this.db.query('UPDATE openapi_specs SET visibility = $2, updated_at = now() WHERE id = $1', [id, visibility]);
  }

  async delete(organizationId: string, slug: string): Promise<void> {
    await this.db.query('DELETE FROM openapi_specs WHERE organization_id = $1 AND slug = $2', [organizationId, slug]);
  }

  /** Marks the generation in progress; false when a newer source replaced it (or the spec is gone). */
  async startProcessing(id: string, generation: number): Promise<boolean> {
    const result: unknown = await this.db.query(
      `UPDATE openapi_specs SET processing_state = 'progress' WHERE id = $1 AND generation = $2`,
      [id, generation],
    );
    return (result as [unknown, number])[1] > 0;
  }

  /** Stores a document by its hash (a text stored once, whatever versions name it). */
  async putDocument(manager: EntityManager, hash: string, body: string): Promise<void> {
    await manager.query('INSERT INTO openapi_documents (hash, body) VALUES ($1, $2) ON CONFLICT (hash) DO NOTHING', [hash, body]);
  }

  async document(hash: string): Promise<string | undefined> {
    const rows: Array<{ body: string }> = await this.db.query('SELECT body FROM openapi_documents WHERE hash = $1', [hash]);
    return rows[0]?.body;
  }

  async insertVersion(
    manager: EntityManager,
    version: { id: string; specId: string; contentHash: string; rawHash: string; rawFormat: 'json' | 'yaml'; url: string | null },
  ): Promise<void> {
    await manager.query(
      'INSERT INTO openapi_versions (id, spec_id, content_hash, raw_hash, raw_format, url) VALUES ($1, $2, $3, $4, $5, $6)',
      [version.id, version.specId, version.contentHash, version.rawHash, version.rawFormat, version.url],
    );
  }

  async version(specId: string, versionId: string): Promise<OpenApiVersionRow | undefined> {
    const rows: OpenApiVersionRow[] = await this.db.query(
      `SELECT ${VERSION_COLUMNS} FROM openapi_versions v WHERE v.spec_id = $1 AND v.id = $2`,
      [specId, versionId],
    );
    return rows[0];
  }

  async listVersions(specId: string, limit: number, after?: CursorKey): Promise<{ rows: OpenApiVersionRow[]; count: number }> {
    const counted: Array<{ n: number }> = await this.db.query('SELECT count(*)::int AS n FROM openapi_versions WHERE spec_id = $1', [
      specId,
    ]);
    const params: unknown[] = [specId];
    // Newest first: the list a reader wants to see.
    const keyset = after ? `AND (v.created_at, v.id) < ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})` : '';
    const rows: OpenApiVersionRow[] = await this.db.query(
      `SELECT ${VERSION_COLUMNS} FROM openapi_versions v WHERE v.spec_id = $1 ${keyset} ORDER BY v.created_at DESC, v.id DESC LIMIT ${Number(limit)}`,
      params,
    );
    return { rows, count: counted[0].n };
  }

  /** Records a processing's outcome, only if the spec still has this generation; false otherwise. */
  async recordOutcome(manager: EntityManager, id: string, generation: number, outcome: ProcessOutcome): Promise<boolean> {
    const sets = [`processing_state = $3`, 'updated_at = now()'];
    const params: unknown[] = [id, generation, outcome.final ? 'complete' : 'progress'];
    if (outcome.errorCode) {
      sets.push(
        `last_error_code = $${params.push(outcome.errorCode)}`,
        `last_errors = $${params.push(JSON.stringify(outcome.errors ?? []))}`,
        `last_error_count = $${params.push(outcome.errorCount ?? outcome.errors?.length ?? 0)}`,
      );
    } else {
      sets.push('last_error_code = NULL', `last_errors = '[]'`, 'last_error_count = 0', 'last_processed_at = now()');
      if (outcome.versionId) sets.push(`last_version_id = $${params.push(outcome.versionId)}`);
      if (outcome.etag !== undefined) sets.push(`source_etag = $${params.push(outcome.etag)}`);
      if (outcome.lastModified !== undefined) sets.push(`source_last_modified = $${params.push(outcome.lastModified)}`);
    }
    const result: unknown = await manager.query(`UPDATE openapi_specs SET ${sets.join(', ')} WHERE id = $1 AND generation = $2`, params);
    const recorded = (result as [unknown, number])[1] > 0;
    if (recorded && !outcome.errorCode && outcome.files) await this.replaceSourceFiles(manager, id, outcome.files);
    return recorded;
  }

  /** The files of the spec's last processing, in the order they were fetched (the entry first). */
  async sourceFiles(specId: string): Promise<SourceFile[]> {
    const rows: Array<{ url: string; etag: string | null; lastModified: string | null; hash: string }> = await this.db.query(
      `SELECT url, etag, last_modified AS "lastModified", hash FROM openapi_source_files WHERE spec_id = $1 ORDER BY position`,
      [specId],
    );
    return rows.map((row) => ({
      url: row.url,
      hash: row.hash,
      ...(row.etag !== null ? { etag: row.etag } : {}),
      ...(row.lastModified !== null ? { lastModified: row.lastModified } : {}),
    }));
  }

  /** One statement for thousands of files: arrays unnested, not a row per query. */
  private async replaceSourceFiles(manager: EntityManager, specId: string, files: SourceFile[]): Promise<void> {
    await manager.query('DELETE FROM openapi_source_files WHERE spec_id = $1', [specId]);
    if (files.length === 0) return;
    await manager.query(
      `INSERT INTO openapi_source_files (spec_id, position, url, etag, last_modified, hash)
         SELECT $1, f.position - 1, f.url, f.etag, f.last_modified, f.hash
           FROM unnest($2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS f(url, etag, last_modified, hash, position)`,
      [
        specId,
        files.map((f) => f.url),
        files.map((f) => f.etag ?? null),
        files.map((f) => f.lastModified ?? null),
        files.map((f) => f.hash),
      ],
    );
  }

  /** URL specs last processed before `before` (the periodic refresh), oldest first. */
  async dueForRefresh(before: Date, limit: number): Promise<Array<{ id: string; generation: number }>> {
    return this.db.query(
      `SELECT id, generation FROM openapi_specs WHERE source_url IS NOT NULL AND processing_state = 'complete'
         AND (last_processed_at IS NULL OR last_processed_at < $1) ORDER BY last_processed_at NULLS FIRST LIMIT ${Number(limit)}`,
      [before],
    );
  }

  /** The newest version's document hash of a public spec (what its public link serves). */
  async publishedHash(specId: string): Promise<string | undefined> {
    const rows: Array<{ hash: string }> = await this.db.query(
      `SELECT v.content_hash AS hash FROM openapi_specs s JOIN openapi_versions v ON v.id = s.last_version_id
        WHERE s.id = $1 AND s.visibility = 'public'`,
      [specId],
    );
    return rows[0]?.hash;
  }
}
