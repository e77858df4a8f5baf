import type { ChangeRequest } from './change-requests';
import type { RevisionFile } from './files';
import type { JsonDocument } from './pages';
import type { RevisionReusableContent } from './reusable-contents';
import type { SpaceRef } from './spaces';
import type { ContentSubjects } from './subjects';

/** Wire page (official RevisionPageDocument), nested. */
export type RevisionPage = Record<string, unknown> & { id: string; title: string; type: string; pages?: RevisionPage[] };

export interface Revision {
  object: 'revision';
  id: string;
  parents: string[];
  pages: RevisionPage[];
  files: RevisionFile[];
  reusableContents: RevisionReusableContent[];
  variables: Record<string, string>;
  createdAt: string;
  type: 'edits' | 'merge' | 'update';
  mergedFrom?: ChangeRequest;
  urls: { app: string; published?: string; public?: string };
}

/** Where content is read from: the space's current revision, or a change request's. */
export interface ContentRef extends SpaceRef {
  changeRequestId?: string;
}

/**
 * Input of `content.page.list`. `knownTag` is the tag of the tree the gateway already holds for
 * this space or change request; when it is still current the reply carries no body.
 */
export interface PagesListInput extends ContentRef {
  knownTag?: string;
  /** Official `computed` (default true): false leaves computed pages without their generated children. */
  computed?: boolean;
  /** A later part of a tree sent in parts (see `PagesListResult.parts`): the tag it was sent under and the part's index (1…parts-1). */
  part?: { tag: string; index: number };
}

/**
 * A revision's page tree, already serialised (a 10,000-page tree is ~20 MB of JSON, so nobody
 * parses and re-serialises it). `tag` names everything the bytes depend on (revision and URL
 * base); revisions never change, so bytes with a known tag are still correct and the gateway
 * serves them from its cache: `rawJson` is omitted when `tag` equals the input's `knownTag`.
 */
export interface PagesListResult {
  tag: string;
  rawJson?: string;
  /**
   * A tree larger than one reply may carry (NATS refuses messages over 64 MiB; a 1,000-page
   * space's tree with bodies passes that) comes in this many parts: `rawJson` is the first and
   * the others are read through `content.page.list` with `part` (see `readTreeParts` in @bindery/platform).
   */
  parts?: number;
}

/** Input of `content.revision.get`: as for the page tree, the gateway names the tree it holds. */
export type RevisionGetInput = PagesListInput;

/**
 * A revision without its page tree, and the tree as `content.page.list` gives it: the gateway
 * joins the two, so the ~20 MB tree of a large space is neither re-serialised nor sent again.
 */
export interface RevisionGetResult {
  revision: Omit<Revision, 'pages'>;
  pages: PagesListResult;
  /** Only for the reader (`content.published.get-revision`): the bodies of the reusable contents, by reusable content id. */
  reusableDocuments?: Record<string, JsonDocument>;
}

export interface RevisionCreatedEvent {
  spaceId: string;
  revisionId: string;
  parents: string[];
  changeRequestId?: string;
  at: string;
}

/** Input of `content.published.get-revision`: the space must belong to `organizationId` (else 404). */
export interface PublishedRevisionInput {
  organizationId: string;
  spaceId: string;
  knownTag?: string;
  /** A later part of a tree sent in parts, as for `content.page.list` (the answer's `pages` is that part). */
  part?: PagesListInput['part'];
}

/** Input of `content.published.page-path`: an old path of a page of a published space. */
export interface PublishedPagePathInput {
  organizationId: string;
  spaceId: string;
  path: string;
}

export interface PublishedPagePathResult {
  /** The page's path in the space's current revision. */
  path: string;
}

export interface RevisionsRpc {
  [ContentSubjects.revisionGet]: { input: RevisionGetInput; result: RevisionGetResult };
  [ContentSubjects.publishedRevision]: { input: PublishedRevisionInput; result: RevisionGetResult };
  [ContentSubjects.publishedPagePath]: { input: PublishedPagePathInput; result: PublishedPagePathResult };
}
