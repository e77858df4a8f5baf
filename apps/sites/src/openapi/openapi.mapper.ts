import type { OpenApiSpec, OpenApiSpecVersion, RequestContext } from '@bindery/contracts';
import type { OpenApiSpecRow, OpenApiVersionRow } from './openapi-spec.row';

const specPath = (row: { organizationId: string; slug: string }) =>
  `/v1/orgs/${row.organizationId}/openapi/${encodeURIComponent(row.slug)}`;

/** The public link of a spec (served by the gateway without a token while the spec is public). */
export const publishedUrl = (baseUrl: string, specId: string): string => `${baseUrl}/v1/openapi/${specId}/published`;

export function toSpec(ctx: RequestContext, row: OpenApiSpecRow, canEdit: boolean): OpenApiSpec {
  const spec: OpenApiSpec = {
    object: 'openapi-spec',
    id: row.id,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    slug: row.slug,
    processingState: row.processingState,
    visibility: row.visibility,
    lastProcessedErrors: row.lastErrors,
    lastProcessedErrorCount: row.lastErrorCount,
    permissions: { view: true, edit: canEdit },
    urls: { location: ctx.baseUrl + specPath(row), app: `${ctx.baseUrl}/o/${row.organizationId}/openapi/${encodeURIComponent(row.slug)}` },
  };
  if (row.sourceUrl) spec.sourceURL = row.sourceUrl;
  if (row.lastVersionId) spec.lastVersion = row.lastVersionId;
  if (row.lastProcessedAt) spec.lastProcessedAt = row.lastProcessedAt;
  if (row.lastErrorCode) spec.lastProcessErrorCode = row.lastErrorCode;
  if (row.visibility === 'public') spec.urls.published = publishedUrl(ctx.baseUrl, row.id);
  return spec;
}

export function toVersion(ctx: RequestContext, spec: OpenApiSpecRow, row: OpenApiVersionRow): OpenApiSpecVersion {
  const location = `${ctx.baseUrl}${specPath(spec)}/versions/${row.id}`;
  // A spec given as text has no source URL: the version's own content is where it can be read.
  return {
    object: 'openapi-spec-version',
    id: row.id,
    createdAt: row.createdAt,
    url: row.url ?? `${location}/content`,
    urls: { location },
  };
}
