import type { User } from '../identity';
import type { List, PageQuery } from '../pagination';
import type { InsertFileInput, RevisionFile } from './files';
import type { ComputedPageFields } from './computed';
import type { DocumentInput, JsonDocument, PageFields, PageLinkFields, PageType } from './pages';
import type { ReusableContentChange, RevisionReusableContent } from './reusable-contents';
import type { SpaceRef } from './spaces';
import type { ContentSubjects } from './subjects';

export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';
export const CHANGE_REQUEST_STATUSES: readonly ChangeRequestStatus[] = ['draft', 'open', 'archived', 'merged'];

export interface ChangeRequest {
  object: 'change-request';
  id: string;
  number: number;
  status: ChangeRequestStatus;
  subject: string;
  description?: JsonDocument;
  createdBy: User;
  createdAt: string;
  updatedAt: string;
  mergedBy?: User;
  mergedAt?: string;
  space: string;
  revision: string;
  revisionInitial: string;
  revisionMergedAncestor?: string;
  revisionMerged?: string;
  comments: number;
  outdated: boolean;
  urls: { app: string; location: string };
}

export interface ChangeRequestRef extends SpaceRef {
  /** The change request's id, or its number in the space. */
  changeRequestId: string;
}
export interface ChangeRequestCreateInput extends SpaceRef {
  subject?: string;
}
export interface ChangeRequestFilters extends PageQuery {
  status?: ChangeRequestStatus;
  creator?: string;
  contributor?: string;
  requestedReviewer?: string;
}
export interface ChangeRequestListInput extends SpaceRef, ChangeRequestFilters {}
export interface ChangeRequestOrgListInput extends ChangeRequestFilters {
  organizationId: string;
}
export interface ChangeRequestUpdateInput extends ChangeRequestRef {
  subject?: string;
  description?: JsonDocument;
  status?: ChangeRequestStatus;
}

/** One change of `updateChangeRequestContent` (official ChangeRequestContentChange). */
export type ContentChange =
  | ({ operation: 'insert_page'; into?: string; at?: number; ref?: string; type?: PageType; document?: DocumentInput } & PageFields &
      PageLinkFields &
      ComputedPageFields)
  | ({ operation: 'update_page'; page: string; into?: string | null; at?: number; type?: PageType; document?: DocumentInput } & PageFields &
      PageLinkFields &
      ComputedPageFields)
  | { operation: 'delete_page'; page: string }
  | RevertPageChange
  | { operation: 'insert_files'; files: InsertFileInput[] }
  | ReusableContentChange;

/**
 * Reverts a page to its state in `revision` (default: the change request's base revision): the
 * whole page, or only the listed top-level blocks of its document.
 */
export interface RevertPageChange {
  operation: 'revert_page';
  page: string;
  revision?: string;
  block?: string[];
}

export interface ChangeRequestEditInput extends ChangeRequestRef {
  changes: ContentChange[];
  compat?: boolean;
}

export interface ChangeRequestContentUpdate {
  changeRequest: ChangeRequest;
  changes: Array<
    | { object: 'created_page'; ref?: string; page: { object: 'page'; id: string; urls: { location: string } } }
    | { object: 'updated_page'; page: { object: 'page'; id: string; urls: { location: string } } }
    | { object: 'deleted_page'; page: string }
  >;
  /** Files created by the batch's `insert_files` changes, in order. */
  insertedFiles?: RevisionFile[];
  /** Bindery extension: reusable contents created by the batch's `insert_reusable_content` changes, in order. */
  insertedReusableContents?: Array<RevisionReusableContent & { ref?: string }>;
}

export interface MergeResult {
  revision: string;
  result: 'merge' | 'update';
}

export interface ChangeRequestMergedEvent {
  spaceId: string;
  changeRequestId: string;
  revisionId: string;
  at: string;
}

export interface ChangeRequestsRpc {
  [ContentSubjects.changeRequestCreate]: { input: ChangeRequestCreateInput; result: ChangeRequest };
  [ContentSubjects.changeRequestGet]: { input: ChangeRequestRef; result: ChangeRequest };
  [ContentSubjects.changeRequestList]: { input: ChangeRequestListInput; result: List<ChangeRequest> };
  [ContentSubjects.changeRequestListForOrg]: { input: ChangeRequestOrgListInput; result: List<ChangeRequest> };
  [ContentSubjects.changeRequestUpdate]: { input: ChangeRequestUpdateInput; result: ChangeRequest };
  /** The change request alone in the official (compat) form, with what each change did otherwise. */
  [ContentSubjects.changeRequestEditContent]: { input: ChangeRequestEditInput; result: ChangeRequest | ChangeRequestContentUpdate };
  [ContentSubjects.changeRequestMerge]: { input: ChangeRequestRef; result: MergeResult };
  [ContentSubjects.changeRequestPull]: { input: ChangeRequestRef; result: MergeResult };
}
