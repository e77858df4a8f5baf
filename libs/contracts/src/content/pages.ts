import type { ContentRef, PagesListInput, PagesListResult, RevisionPage } from './revisions';
import type { ContentSubjects } from './subjects';

/** A rich-text document (spec "Document"): block nodes as the editor stores them. */
export interface JsonDocument {
  object: 'document';
  data: Record<string, unknown>;
  nodes: Array<Record<string, unknown>>;
}

export type DocumentInput = { markdown: string } | { document: JsonDocument } | Record<string, never>;

/**
 * The kinds of page content stores (official `RevisionPage` union): a `document` has a body; a
 * `group` is a heading of the table of contents (root level only, no body); a `link` points
 * elsewhere (no body, no children); a `computed` page's children are generated from its source
 * (`computed.ts`), never written.
 */
export type PageType = 'document' | 'group' | 'link' | 'computed';
export const PAGE_TYPES: readonly PageType[] = ['document', 'group', 'link', 'computed'];

/** Where a link page points (the official `ContentRef` kinds a link page uses). */
export type PageLinkTarget =
  | { kind: 'url'; url: string }
  | { kind: 'page'; page: string; space?: string }
  | { kind: 'file'; file: string; space?: string }
  | { kind: 'anchor'; anchor: string; page?: string; space?: string };

/** Fields a link page is written with: an `href` (a URL) or a `target` (shorthand for `{kind: 'url'}` when an href). */
export interface PageLinkFields {
  href?: string;
  target?: PageLinkTarget;
}

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

/**
 * Options of every single-page read: the body's `format`, `computed` (official `revisionComputed`:
 * `false` leaves computed pages without their generated children), and `dereferenced` (official
 * `documentDereferenced`: `reusable-content` blocks are replaced by the shared body).
 */
export interface PageReadOptions {
  format?: 'document' | 'markdown';
  computed?: boolean;
  dereferenced?: boolean;
}

/** Input of `content.page.get`: in the current content, a change request's, or any revision of the space (`revisionId`). */
export interface PageGetInput extends ContentRef, PageReadOptions {
  revisionId?: string;
  pageId: string;
  evaluated?: 'true' | 'false' | 'deterministic-only';
}

export interface PagesRpc {
  [ContentSubjects.pagesList]: { input: PagesListInput; result: PagesListResult };
  [ContentSubjects.pageGet]: { input: PageGetInput; result: RevisionPage };
}
