import type { JsonDocument, PageLinkTarget, PageType } from './pages';
import type { ContentSubjects } from './subjects';

/**
 * One page of a whole tree written as a new revision (`content.revision.write-tree`). The id is
 * kept as given (a translated space keeps its source's page ids, slugs and paths, so URLs line up).
 */
export interface TreeWritePage {
  id: string;
  /** `document` when omitted; a group or a link has no document. */
  type?: PageType;
  /** A link page's target. */
  target?: PageLinkTarget;
  title: string;
  slug: string;
  emoji?: string;
  icon?: string;
  description?: string;
  hidden?: boolean;
  noIndex?: boolean;
  noRobotsIndex?: boolean;
  layout?: Record<string, unknown>;
  cover?: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  document: JsonDocument | null;
  pages: TreeWritePage[];
}

/**
 * Input of `content.revision.write-tree`: replaces the space's whole page tree in one new revision
 * (the caller needs `edit` on the space). `filesFrom` copies the file list of a revision of a space
 * the caller can view (the bytes are shared by hash); without it the space keeps its files.
 */
export interface TreeWriteInput {
  spaceId: string;
  pages: TreeWritePage[];
  filesFrom?: { spaceId: string; revisionId: string };
}

/** The space's revision after the write; `created` false when the tree and files were already those. */
export interface TreeWriteResult {
  revision: string;
  created: boolean;
}

export interface TreeWritesRpc {
  [ContentSubjects.revisionWriteTree]: { input: TreeWriteInput; result: TreeWriteResult };
}
