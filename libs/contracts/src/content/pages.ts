import type { ContentRef, PagesListInput, PagesListResult, RevisionPage } from './revisions';
import type { ContentSubjects } from './subjects';

/** A rich-text document (spec "Document"): block nodes as the editor stores them. */
export interface JsonDocument {
  object: 'document';
  data: Record<string, unknown>;
  nodes: Array<Record<string, unknown>>;
}

export type DocumentInput = { markdown: string } | { document: JsonDocument } | Record<string, never>;

export interface PageFields {
  title?: string;
  slug?: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
}

export interface PageGetInput extends ContentRef {
  pageId: string;
  format?: 'document' | 'markdown';
  evaluated?: 'true' | 'false' | 'deterministic-only';
}

export interface PagesRpc {
  [ContentSubjects.pagesList]: { input: PagesListInput; result: PagesListResult };
  [ContentSubjects.pageGet]: { input: PageGetInput; result: RevisionPage };
}
