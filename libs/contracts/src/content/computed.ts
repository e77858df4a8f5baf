import type { SpaceRef } from './spaces';
import type { JsonDocument } from './pages';
import type { RevisionPage } from './revisions';
import type { ContentSubjects } from './subjects';

/** Where a computed OpenAPI source reads its spec: the organization's spec of this slug (official ContentRefOpenAPI). */
export interface OpenApiSpecRef {
  kind: 'openapi';
  spec: string;
}

/** How generated pages are grouped: a page per tag (default) or a page per operation. */
export type OpenApiGrouping = 'by-tag' | 'by-operation';
export const OPENAPI_GROUPINGS: readonly OpenApiGrouping[] = ['by-tag', 'by-operation'];

/**
 * The source of a computed page (official ComputedContentSourceRevisionOpenAPI, the only builtin
 * source content computes): the spec by slug and how its reference is laid out.
 */
export interface ComputedPageSource {
  type: 'builtin:openapi';
  dependencies: { spec: { ref: OpenApiSpecRef } };
  props: { models: boolean; downloadLink?: boolean; grouping?: OpenApiGrouping };
}

/** Fields a computed page is written with (Bindery extension of insert_page / update_page). */
export interface ComputedPageFields {
  computed?: ComputedPageSource;
}

/** Which body of a generated page (official ComputedContentSourceDocumentOpenAPI `props`). */
export type ComputedDocumentProps =
  | { doc: 'models' }
  | { doc: 'operations' | 'info' | 'tag'; page: string }
  | { doc: 'operation'; page: string; method: string; deprecated?: boolean };

/** The source of one generated page's body (official ComputedContentSourceDocumentOpenAPI). */
export interface ComputedDocumentSource {
  type: 'builtin:openapi';
  dependencies: { spec: { ref: OpenApiSpecRef } };
  props: ComputedDocumentProps;
}

/** Input of `getComputedRevision`: the pages `source` generates, ids derived from `seed`. */
export interface ComputedRevisionInput extends SpaceRef {
  source: ComputedPageSource;
  seed: string;
}
export interface ComputedRevisionResult {
  pages: RevisionPage[];
  files: [];
  reusableContents: [];
}

/** Input of `getComputedDocument`: one generated body. */
export interface ComputedDocumentInput extends SpaceRef {
  source: ComputedDocumentSource;
  seed: string;
}

export interface ComputedRpc {
  [ContentSubjects.computedRevision]: { input: ComputedRevisionInput; result: ComputedRevisionResult };
  [ContentSubjects.computedDocument]: { input: ComputedDocumentInput; result: JsonDocument };
}
