import type { ChangeRequestReviewsRpc } from './change-request-reviews';
import type { ChangeRequestsRpc } from './change-requests';
import type { CollectionsRpc } from './collections';
import type { CommentTargetsRpc } from './comment-targets';
import type { ComputedRpc } from './computed';
import type { FilesRpc } from './files';
import type { LinksRpc } from './links';
import type { ImportsRpc } from './imports';
import type { PagesRpc } from './pages';
import type { PdfExportsRpc } from './pdf-exports';
import type { RevisionsRpc } from './revisions';
import type { ReusableContentsRpc } from './reusable-contents';
import type { SearchRpc } from './search';
import type { SpaceCountsRpc } from './space-counts';
import type { SpacesRpc } from './spaces';
import type { TemplatesRpc } from './templates';
import type { TreeWritesRpc } from './tree-writes';

export * from './subjects';
export * from './spaces';
export * from './collections';
export * from './revisions';
export * from './pages';
export * from './files';
export * from './change-requests';
export * from './change-request-reviews';
export * from './pdf-exports';
export * from './links';
export * from './search';
export * from './templates';
export * from './tree-writes';
export * from './imports';
export * from './space-counts';
export * from './comment-targets';
export * from './reusable-contents';
export * from './computed';

/** Every request/reply subject content answers, with its input and result. */
export interface ContentRpc
  extends SpacesRpc,
    CollectionsRpc,
    RevisionsRpc,
    PagesRpc,
    ComputedRpc,
    FilesRpc,
    ChangeRequestsRpc,
    ChangeRequestReviewsRpc,
    PdfExportsRpc,
    LinksRpc,
    SearchRpc,
    TemplatesRpc,
    TreeWritesRpc,
    ImportsRpc,
    SpaceCountsRpc,
    CommentTargetsRpc,
    ReusableContentsRpc {}
