import type { ContentRef, RevisionPage } from './revisions';
import type { DocumentInput, JsonDocument, PageReadOptions } from './pages';
import type { ContentSubjects } from './subjects';

/**
 * Reusable content as the API shows it (official `RevisionReusableContent`): a shared document that
 * `reusable-content` blocks of many pages show. `document` is the id of its body (read with
 * `…/reusable-contents/{id}/document`); absent, the reusable content is empty.
 */
export interface RevisionReusableContent {
  id: string;
  title: string;
  document?: string;
}

/**
 * Bindery extension of `updateChangeRequestContent` (the official batch has no reusable content
 * operations): create, change or delete a reusable content of the change request.
 */
export type ReusableContentChange =
  | { operation: 'insert_reusable_content'; title: string; ref?: string; document?: DocumentInput }
  | { operation: 'update_reusable_content'; reusableContent: string; title?: string; document?: DocumentInput }
  | { operation: 'delete_reusable_content'; reusableContent: string };

/**
 * Where a reusable content is read: a space's current revision, a change request's (`changeRequestId`),
 * or any revision of the space (`revisionId`).
 */
export interface ReusableContentGetInput extends ContentRef {
  revisionId?: string;
  reusableContentId: string;
}

/** Input of `content.page.get-by-path`: a page path (`guide/install`) in a space's, a change request's or a revision's content. */
export interface PageByPathInput extends ContentRef, PageReadOptions {
  revisionId?: string;
  pagePath: string;
}

export interface ReusableContentsRpc {
  [ContentSubjects.reusableContentGet]: { input: ReusableContentGetInput; result: RevisionReusableContent };
  [ContentSubjects.reusableContentDocument]: { input: ReusableContentGetInput; result: JsonDocument };
  [ContentSubjects.pageByPath]: { input: PageByPathInput; result: RevisionPage };
}
