import type { OpenApiErrorCode, OpenApiProcessError, OpenApiProcessingState, OpenApiVisibility } from '@bindery/contracts';

/** A row of `openapi_specs` as the repository reads it (timestamps as ISO strings). */
export interface OpenApiSpecRow {
  id: string;
  organizationId: string;
  slug: string;
  sourceUrl: string | null;
  sourceText: string | null;
  visibility: OpenApiVisibility;
  processingState: OpenApiProcessingState;
  generation: number;
  lastVersionId: string | null;
  lastProcessedAt: string | null;
  lastErrorCode: OpenApiErrorCode | null;
  lastErrors: OpenApiProcessError[];
  lastErrorCount: number;
  sourceEtag: string | null;
  sourceLastModified: string | null;
  createdAt: string;
  updatedAt: string;
}

export const SPEC_COLUMNS = `s.id, s.organization_id AS "organizationId", s.slug, s.source_url AS "sourceUrl",
  s.source_text AS "sourceText", s.visibility, s.processing_state AS "processingState", s.generation,
  s.last_version_id AS "lastVersionId", to_char(s.last_processed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastProcessedAt",
  s.last_error_code AS "lastErrorCode", s.last_errors AS "lastErrors", s.last_error_count AS "lastErrorCount",
  s.source_etag AS "sourceEtag", s.source_last_modified AS "sourceLastModified",
  to_char(s.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
  to_char(s.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt"`;

/** A row of `openapi_versions`. */
export interface OpenApiVersionRow {
  id: string;
  specId: string;
  contentHash: string;
  rawHash: string;
  rawFormat: 'json' | 'yaml';
  url: string | null;
  createdAt: string;
}

export const VERSION_COLUMNS = `v.id, v.spec_id AS "specId", v.content_hash AS "contentHash", v.raw_hash AS "rawHash",
  v.raw_format AS "rawFormat", v.url, to_char(v.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt"`;
