import type { PageQuery } from './pagination';
import { MEMBER_ROLES, type MemberRole } from './roles';
import type { User } from './identity';

/**
 * Request/reply subjects answered by the content service. Content alone decides a user's level on
 * a space; other contexts ask it through `spaceAccess` and `memberSpaces`.
 */
export const ContentSubjects = {
  /** The spaces of an organization the caller reaches, as wire `Space` objects, paginated. */
  spaceList: 'content.space.list',
  /**
   * Internal (no gateway route): a user's level and permissions on a space (SpaceAccessInput →
   * SpaceAccessResult); the user is `userId` or else the caller. 404 for an unknown space.
   */
  spaceAccess: 'content.space.access',
  /**
   * Internal: the spaces of an organization a member reaches, with their level on each
   * (MemberSpacesListInput → List<MemberSpace>). The asking context checks the caller may see
   * this member's spaces; content answers 404 when the user is not a member.
   */
  memberSpaces: 'content.member.spaces',
  spaceCreate: 'content.space.create',
  spaceGet: 'content.space.get',
  spaceUpdate: 'content.space.update',
  spaceDelete: 'content.space.delete',
  spaceRestore: 'content.space.restore',
  spaceDuplicate: 'content.space.duplicate',
  revisionGet: 'content.revision.get',
  pagesList: 'content.pages.list',
  pageGet: 'content.page.get',
  filesList: 'content.files.list',
  fileGet: 'content.file.get',
  fileDownload: 'content.file.download',
  spaceMove: 'content.space.move',
  spaceTransfer: 'content.space.transfer',
  collectionTransfer: 'content.collection.transfer',
  collectionCreate: 'content.collection.create',
  collectionGet: 'content.collection.get',
  collectionUpdate: 'content.collection.update',
  collectionDelete: 'content.collection.delete',
  collectionList: 'content.collection.list',
  collectionSpaces: 'content.collection.spaces',
  collectionMove: 'content.collection.move',
  changeRequestCreate: 'content.change-request.create',
  changeRequestGet: 'content.change-request.get',
  changeRequestList: 'content.change-request.list',
  changeRequestListForOrg: 'content.change-request.list-org',
  changeRequestUpdate: 'content.change-request.update',
  changeRequestEditContent: 'content.change-request.edit-content',
  changeRequestMerge: 'content.change-request.merge',
  changeRequestPull: 'content.change-request.pull',
  requestedReviewerList: 'content.change-request.requested-reviewer.list',
  requestedReviewersAdd: 'content.change-request.requested-reviewer.add',
  requestedReviewerRemove: 'content.change-request.requested-reviewer.remove',
  reviewList: 'content.change-request.review.list',
  reviewSubmit: 'content.change-request.review.submit',
  reviewGet: 'content.change-request.review.get',
  /** A signed, expiring URL of a PDF of a space's or change request's content (PdfExportInput → PdfExportUrl). */
  pdfIssue: 'content.pdf.issue',
  /** The PDF behind such a URL (PdfRenderInput → PdfFile); the signature is the only authorisation. */
  pdfRender: 'content.pdf.render',
} as const;

/** Events published by content on the JetStream event stream. */
export const ContentEvents = {
  spaceCreated: 'content.space.created',
  spaceUpdated: 'content.space.updated',
  spaceDeleted: 'content.space.deleted',
  spaceRestored: 'content.space.restored',
  spaceMoved: 'content.space.moved',
  spaceTransferred: 'content.space.transferred',
  revisionCreated: 'content.revision.created',
  changeRequestMerged: 'content.change-request.merged',
  /** Payload ChangeRequestReviewersRequestedEvent. */
  changeRequestReviewersRequested: 'content.change-request.reviewers-requested',
  /** Payload ChangeRequestReviewSubmittedEvent. */
  changeRequestReviewSubmitted: 'content.change-request.review-submitted',
} as const;

export type DefaultLevel = MemberRole | 'inherit';
/** Every DefaultLevel: a member role, or `inherit` from the parent collection or organization. */
export const DEFAULT_LEVELS: readonly DefaultLevel[] = [...MEMBER_ROLES, 'inherit'];
export type SpaceVisibility = 'public' | 'unlisted' | 'share-link' | 'visitor-auth' | 'in-collection' | 'private';
export type ChangeRequestStatus = 'draft' | 'open' | 'archived' | 'merged';
export const CHANGE_REQUEST_STATUSES: readonly ChangeRequestStatus[] = ['draft', 'open', 'archived', 'merged'];

export interface SpacePermissions {
  view: boolean;
  access: boolean;
  admin: boolean;
  viewInviteLinks: boolean;
  edit: boolean;
  triggerGitSync: boolean;
  comment: boolean;
  merge: boolean;
  review: boolean;
  installIntegration: boolean;
}

/** Wire shape of a space (spec + fields the official document marks required). */
export interface Space {
  object: 'space';
  id: string;
  title: string;
  emoji: string;
  visibility: SpaceVisibility;
  createdAt: string;
  updatedAt: string;
  deletedAt?: string;
  editMode: 'live' | 'locked';
  mergeRules: Record<string, unknown>;
  urls: { location: string; app: string; published?: string; public?: string; icon?: string };
  organization: string;
  parent?: string;
  language?: string;
  revision: string;
  defaultLevel: DefaultLevel;
  comments: number;
  changeRequests: number;
  changeRequestsOpen: number;
  changeRequestsDraft: number;
  permissions: SpacePermissions;
}

/** A rich-text document (spec "Document"): block nodes as the editor stores them. */
export interface JsonDocument {
  object: 'document';
  data: Record<string, unknown>;
  nodes: Array<Record<string, unknown>>;
}

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

/** Wire page (official RevisionPageDocument), nested. */
export type RevisionPage = Record<string, unknown> & { id: string; title: string; type: string; pages?: RevisionPage[] };

export interface RevisionFile {
  id: string;
  name: string;
  contentType: string;
  downloadURL: string;
  size: number;
  dimensions?: { width: number; height: number };
}

export interface Revision {
  object: 'revision';
  id: string;
  parents: string[];
  pages: RevisionPage[];
  files: RevisionFile[];
  reusableContents: unknown[];
  variables: Record<string, string>;
  createdAt: string;
  type: 'edits' | 'merge' | 'update';
  mergedFrom?: ChangeRequest;
  urls: { app: string; published?: string; public?: string };
}

export interface SpaceListInput extends PageQuery {
  organizationId: string;
}
export interface SpaceAccessInput {
  spaceId: string;
  /** Whose level; the caller's when absent. */
  userId?: string;
}
export interface SpaceAccessResult {
  space: string;
  organization: string;
  user: string;
  /** The user's level on the space; null: no access (a guest, a non-member). */
  level: MemberRole | null;
  permissions: SpacePermissions;
}
export interface MemberSpacesListInput extends PageQuery {
  organizationId: string;
  userId: string;
}
export interface SpaceCreateInput {
  organizationId: string;
  title?: string;
  emoji?: string;
  /** Collection to create the space in. */
  parent?: string;
  language?: string;
  editMode?: 'live' | 'locked';
}
export interface SpaceRef {
  spaceId: string;
  shareKey?: string;
}
export interface SpaceUpdateInput extends SpaceRef {
  title?: string;
  emoji?: string;
  editMode?: 'live' | 'locked';
  defaultLevel?: DefaultLevel;
  language?: string;
  mergeRules?: Record<string, unknown>;
}

/** Where content is read from: the space's current revision, or a change request's. */
export interface ContentRef extends SpaceRef {
  changeRequestId?: string;
}
export interface PageGetInput extends ContentRef {
  pageId: string;
  format?: 'document' | 'markdown';
  evaluated?: 'true' | 'false' | 'deterministic-only';
}
export interface FilesListInput extends ContentRef, PageQuery {}
export interface FileGetInput extends ContentRef {
  fileId: string;
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
  | ({ operation: 'insert_page'; into?: string; at?: number; ref?: string; document: DocumentInput } & PageFields)
  | ({ operation: 'update_page'; page: string; into?: string | null; at?: number; document?: DocumentInput } & PageFields)
  | { operation: 'delete_page'; page: string }
  | RevertPageChange
  | { operation: 'insert_files'; files: InsertFileInput[] };

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

/**
 * One file of an `insert_files` change: inline `base64` bytes, or a public http(s) `url` the
 * content service fetches (guarded against private addresses), at most MAX_INLINE_FILE_BYTES
 * either way (the official limit). A download travels whole in one NATS reply, well under its
 * max_payload.
 */
export type InsertFileInput = {
  ref?: string;
  name: string;
  /** Required with base64; with url, overrides the type the server sends. */
  contentType?: string;
} & ({ base64: string; url?: undefined } | { url: string; base64?: undefined });

/** Media types as stored with a file and carried in its download URL. */
export const MEDIA_TYPE_PATTERN = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,63}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;

/** Largest file accepted inline (decoded bytes): the official "max 1MB". */
export const MAX_INLINE_FILE_BYTES = 1024 * 1024;
/** Largest total of base64 text across the files of one batch, under the gateway's 5 MiB body limit. */
export const MAX_BATCH_BASE64_CHARS = 4 * 1024 * 1024;

/** A signed, expiring download of a file's bytes (the query of a `downloadURL`). */
export interface FileDownloadInput {
  hash: string;
  contentType: string;
  expires: number;
  signature: string;
}
export interface FileDownload {
  contentType: string;
  base64: string;
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
}

export interface MergeResult {
  revision: string;
  result: 'merge' | 'update';
}

/** Payload of every `content.space.*` event. */
export interface SpaceEvent {
  spaceId: string;
  organizationId: string;
  at: string;
}
export interface RevisionCreatedEvent {
  spaceId: string;
  revisionId: string;
  parents: string[];
  changeRequestId?: string;
  at: string;
}
export interface ChangeRequestMergedEvent {
  spaceId: string;
  changeRequestId: string;
  revisionId: string;
  at: string;
}

export interface Collection {
  object: 'collection';
  id: string;
  title: string;
  description?: string;
  organization: string;
  parent?: string;
  defaultLevel: DefaultLevel;
  urls: { location: string; app: string };
  permissions: { view: boolean; admin: boolean; viewInviteLinks: boolean; create: boolean };
}

/** Where a moved space or collection goes among its new siblings. */
export interface ContentPosition {
  before?: { type: 'space'; space: string } | { type: 'collection'; collection: string };
  after?: { type: 'space'; space: string } | { type: 'collection'; collection: string };
}

export interface MoveInput {
  /** Target collection; null moves to the top level; undefined keeps the current one. */
  parent?: string | null;
  position?: ContentPosition;
}
export interface SpaceMoveInput extends SpaceRef, MoveInput {}
export interface CollectionRef {
  collectionId: string;
}
export interface CollectionCreateInput {
  organizationId: string;
  title?: string;
  parent?: string;
}
export interface CollectionUpdateInput extends CollectionRef {
  title?: string;
  description?: string;
  defaultLevel?: DefaultLevel;
}
export interface CollectionListInput extends PageQuery {
  organizationId: string;
  /** All nested collections (default) or only top-level ones. */
  nested?: boolean;
}
export interface CollectionSpacesInput extends CollectionRef, PageQuery {}
export interface CollectionMoveInput extends CollectionRef, MoveInput {}

export interface TransferInput {
  /** The organization to move to; the caller administers both. */
  organization: string;
}
export interface SpaceTransferInput extends SpaceRef, TransferInput {}
export interface CollectionTransferInput extends CollectionRef, TransferInput {}
