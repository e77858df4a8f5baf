import type { NoResult } from '../context';
import type { List, PageQuery } from '../pagination';
import type { SitesSubjects } from './subjects';

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
  /** When that version was processed (ISO 8601): a spec's versions are processed one after another, so a later one is newer. */
  versionAt: string;
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
  [SitesSubjects.openApiList]: { input: OpenApiListInput; result: List<OpenApiSpec> };
  [SitesSubjects.openApiCreate]: { input: OpenApiCreateInput; result: OpenApiSpec };
  [SitesSubjects.openApiGet]: { input: OpenApiSpecInput; result: OpenApiSpec };
  [SitesSubjects.openApiPut]: { input: OpenApiPutInput; result: OpenApiPutResult };
  [SitesSubjects.openApiUpdate]: { input: OpenApiUpdateInput; result: OpenApiSpec };
  [SitesSubjects.openApiDelete]: { input: OpenApiSpecInput; result: NoResult };
  [SitesSubjects.openApiVersionList]: { input: OpenApiVersionListInput; result: List<OpenApiSpecVersion> };
  [SitesSubjects.openApiVersionGet]: { input: OpenApiVersionInput; result: OpenApiSpecVersion };
  [SitesSubjects.openApiVersionContent]: { input: OpenApiVersionInput; result: OpenApiSpecContent };
  [SitesSubjects.openApiLatestRaw]: { input: OpenApiSpecInput; result: OpenApiSpecRawContent };
  [SitesSubjects.openApiPublished]: { input: OpenApiPublishedInput; result: OpenApiPublishedResult };
  [SitesSubjects.openApiForSite]: { input: OpenApiForSiteInput; result: OpenApiForSiteResult };
}

/** Events about specs on the JetStream event stream (past tense). */
export const OpenApiEvents = {
  /** A new version of a spec was processed (payload OpenApiProcessedEvent). */
  specProcessed: 'sites.openapi.processed',
} as const;

export interface OpenApiProcessedEvent {
  specId: string;
  organizationId: string;
  slug: string;
  versionId: string;
  /** Content hash of the bundled document (the `hash` of `sites.openapi.for-site`). */
  hash: string;
  at: string;
}

/** Content's durable consumer of processed specs: computed OpenAPI pages follow the newest version. */
export const COMPUTED_OPENAPI_CONSUMER = 'content-openapi-follow';
export const COMPUTED_OPENAPI_EVENTS = OpenApiEvents.specProcessed;
