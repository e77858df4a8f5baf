import type { NoResult } from '../context';
import type { List, PageQuery } from '../pagination';

/**
 * Request subjects of OpenAPI specs in the sites context (`sites.openapi.<verb>`), apart from
 * `SitesSubjects` so that sites and OpenAPI specs grow side by side.
 */
export const OpenApiSubjects = {
  list: 'sites.openapi.list',
  create: 'sites.openapi.create',
  get: 'sites.openapi.get',
  put: 'sites.openapi.put',
  update: 'sites.openapi.update',
  delete: 'sites.openapi.delete',
  versionList: 'sites.openapi.version-list',
  versionGet: 'sites.openapi.version-get',
  versionContent: 'sites.openapi.version-content',
  latestRaw: 'sites.openapi.latest-raw',
  /** Callerless: the public link of a `public` spec (anyone holding it may read the latest version). */
  published: 'sites.openapi.published',
  /**
   * Callerless, for the reader app: the newest processed version of a spec of the organization of a
   * site the sites service found published for this visitor, by slug (API reference blocks of its pages).
   */
  forSite: 'sites.openapi.for-site',
} as const;

/** Job type of processing a spec (fetch, parse, validate, bundle, version). */
export const OPENAPI_PROCESS_JOB = 'sites.openapi-process';

export const OPENAPI_SLUG_PATTERN = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/;
export const OPENAPI_SLUG_MAX = 100;
export const OPENAPI_URL_MAX = 2048;
/** Largest `source.text` accepted inline (the same cap applies to a fetched file). */
export const OPENAPI_TEXT_MAX_BYTES = 5 * 1024 * 1024;

export type OpenApiProcessingState = 'pending' | 'progress' | 'complete';
export type OpenApiErrorCode = 'FETCH_TIMEOUT' | 'FETCH_ERROR' | 'PARSE_ERROR';
export type OpenApiVisibility = 'private' | 'public';
export const OPENAPI_VISIBILITIES: readonly OpenApiVisibility[] = ['private', 'public'];

/** One problem found while processing (official OpenAPIErrorObject); `location` is a JSON pointer or file. */
export interface OpenApiProcessError {
  message: string;
  code?: string;
}

/** Wire shape of a spec (official OpenAPISpec). */
export interface OpenApiSpec {
  object: 'openapi-spec';
  id: string;
  createdAt: string;
  updatedAt: string;
  slug: string;
  sourceURL?: string;
  processingState: OpenApiProcessingState;
  visibility: OpenApiVisibility;
  lastVersion?: string;
  lastProcessedAt?: string;
  lastProcessErrorCode?: OpenApiErrorCode;
  lastProcessedErrors: OpenApiProcessError[];
  lastProcessedErrorCount: number;
  permissions: { view: boolean; edit: boolean };
  urls: { location: string; app: string; published?: string };
}

export interface OpenApiSpecVersion {
  object: 'openapi-spec-version';
  id: string;
  createdAt: string;
  /** Where the specification was fetched from (or the version's own content URL for text specs). */
  url: string;
  urls: { location: string };
}

/** `…/content`: the bundled document (every external `$ref` inlined) as a one-file filesystem. */
export interface OpenApiSpecContent {
  filesystem: Record<string, unknown>;
  urls: { source: string; public: string | null };
}

export interface OpenApiSpecRawContent {
  text: string;
  format: 'json' | 'yaml';
}

/** `source`: exactly one of `url` and `text` (the gateway checks it too). */
export interface OpenApiSourceInput {
  url?: string;
  text?: string;
}

export interface OpenApiOrgInput {
  organizationId: string;
}
export interface OpenApiSpecInput extends OpenApiOrgInput {
  specSlug: string;
}
export interface OpenApiListInput extends OpenApiOrgInput, PageQuery {}
export interface OpenApiCreateInput extends OpenApiOrgInput {
  slug: string;
  source: OpenApiSourceInput;
}
export interface OpenApiPutInput extends OpenApiSpecInput {
  source: OpenApiSourceInput;
}
export interface OpenApiUpdateInput extends OpenApiSpecInput {
  visibility: OpenApiVisibility;
}
export interface OpenApiVersionListInput extends OpenApiSpecInput, PageQuery {}
/** `versionId` is a version's id or `latest`. */
export interface OpenApiVersionInput extends OpenApiSpecInput {
  versionId: string;
}
export interface OpenApiPutResult {
  spec: OpenApiSpec;
  /** True when the PUT made a new spec (201), false when it updated one (200). */
  created: boolean;
}
export interface OpenApiPublishedInput {
  specId: string;
  /** The client's `If-None-Match`, when it sent one. */
  ifNoneMatch?: string;
}
/** The published document, or only its tag when the client already holds it. */
export interface OpenApiPublishedResult {
  etag: string;
  notModified: boolean;
  /** The bundled document as JSON text (absent when not modified). */
  json?: string;
}

/** Input of `sites.openapi.for-site`: a spec of `organizationId` by slug; `knownHash` = the version the reader holds. */
export interface OpenApiForSiteInput {
  organizationId: string;
  specSlug: string;
  knownHash?: string;
}
/** The bundled document of the newest version (content-addressed by `hash`), absent when the reader holds it. */
export interface OpenApiForSiteResult {
  hash: string;
  json?: string;
}

/** Payload of the processing job: which spec, and the source generation it was queued for. */
export interface OpenApiProcessPayload {
  specId: string;
  generation: number;
  /** A periodic refresh: a conditional fetch, and nothing is recorded when the source is unchanged. */
  refresh?: boolean;
}

export interface OpenApiRpc {
  [OpenApiSubjects.list]: { input: OpenApiListInput; result: List<OpenApiSpec> };
  [OpenApiSubjects.create]: { input: OpenApiCreateInput; result: OpenApiSpec };
  [OpenApiSubjects.get]: { input: OpenApiSpecInput; result: OpenApiSpec };
  [OpenApiSubjects.put]: { input: OpenApiPutInput; result: OpenApiPutResult };
  [OpenApiSubjects.update]: { input: OpenApiUpdateInput; result: OpenApiSpec };
  [OpenApiSubjects.delete]: { input: OpenApiSpecInput; result: NoResult };
  [OpenApiSubjects.versionList]: { input: OpenApiVersionListInput; result: List<OpenApiSpecVersion> };
  [OpenApiSubjects.versionGet]: { input: OpenApiVersionInput; result: OpenApiSpecVersion };
  [OpenApiSubjects.versionContent]: { input: OpenApiVersionInput; result: OpenApiSpecContent };
  [OpenApiSubjects.latestRaw]: { input: OpenApiSpecInput; result: OpenApiSpecRawContent };
  [OpenApiSubjects.published]: { input: OpenApiPublishedInput; result: OpenApiPublishedResult };
  [OpenApiSubjects.forSite]: { input: OpenApiForSiteInput; result: OpenApiForSiteResult };
}
