import { healthSubject } from '../health';

/**
 * Request/reply subjects answered by the content service: `content.<aggregate>.<verb>`, lower-case,
 * multiword segments in kebab-case, aggregate singular. Each aggregate's file types its subjects'
 * input and result (`ContentRpc`). Content alone decides a user's level on a space; other contexts
 * ask it through `spaceAccess` and `memberSpaces`.
 */
export const ContentSubjects = {
  health: healthSubject('content'),
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
  memberSpaces: 'content.space.list-for-member',
  spaceCreate: 'content.space.create',
  spaceGet: 'content.space.get',
  spaceUpdate: 'content.space.update',
  spaceDelete: 'content.space.delete',
  spaceRestore: 'content.space.restore',
  spaceDuplicate: 'content.space.duplicate',
  revisionGet: 'content.revision.get',
  pagesList: 'content.page.list',
  pageGet: 'content.page.get',
  /** A page by its path (`guide/install`) in a space's or change request's content (PageByPathInput → RevisionPage). */
  pageByPath: 'content.page.get-by-path',
  /** A reusable content of a space's, change request's or revision's content (ReusableContentGetInput → RevisionReusableContent). */
  reusableContentGet: 'content.reusable-content.get',
  /** The body of a reusable content (ReusableContentGetInput → JsonDocument; an empty one has an empty document). */
  reusableContentDocument: 'content.reusable-content.get-document',
  /** `getComputedRevision`: the pages a computed source generates (ComputedRevisionInput). */
  computedRevision: 'content.computed.revision',
  /** `getComputedDocument`: the body of one generated page (ComputedDocumentInput). */
  computedDocument: 'content.computed.document',
  filesList: 'content.file.list',
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
  collectionSpaces: 'content.collection.list-spaces',
  collectionMove: 'content.collection.move',
  changeRequestCreate: 'content.change-request.create',
  changeRequestGet: 'content.change-request.get',
  changeRequestList: 'content.change-request.list',
  changeRequestListForOrg: 'content.change-request.list-for-org',
  changeRequestUpdate: 'content.change-request.update',
  changeRequestEditContent: 'content.change-request.edit-content',
  changeRequestMerge: 'content.change-request.merge',
  changeRequestPull: 'content.change-request.pull',
  requestedReviewerList: 'content.requested-reviewer.list',
  requestedReviewersAdd: 'content.requested-reviewer.add',
  requestedReviewerRemove: 'content.requested-reviewer.remove',
  reviewList: 'content.change-request-review.list',
  reviewSubmit: 'content.change-request-review.submit',
  reviewGet: 'content.change-request-review.get',
  /** A signed, expiring URL of a PDF of a space's or change request's content (PdfExportInput → PdfExportUrl). */
  pdfIssue: 'content.pdf.issue',
  /** The PDF behind such a URL (PdfRenderInput → PdfFile); the signature is the only authorisation. */
  pdfRender: 'content.pdf.render',
  /** Links of a space's or change request's content, grouped by target, with statuses (LinksListInput → LinkList). */
  linksList: 'content.link.list',
  pageLinksList: 'content.link.list-for-page',
  pageBacklinksList: 'content.backlink.list-for-page',
  fileBacklinksList: 'content.backlink.list-for-file',
  spaceSearch: 'content.search.space',
  orgSearch: 'content.search.organization',
  templateApply: 'content.template.apply',
  /** Internal: a whole page tree (and optionally another revision's files) as one new revision (TreeWriteInput → TreeWriteResult). */
  revisionWriteTree: 'content.revision.write-tree',
  /** Git sync: a whole page tree and file list applied as one new revision (ImportApplyInput → ImportApplyResult). */
  importApply: 'content.import.apply',
  /** Git sync: file bytes stored by sha256 before an apply (ImportStoreFilesInput → ImportStoreFilesResult). */
  importStoreFiles: 'content.import.store-files',
  /** Git sync: page bodies stored by content hash before an apply (ImportStoreDocumentsInput → ImportStoreDocumentsResult). */
  importStoreDocuments: 'content.import.store-documents',
  /** Git sync export: the space's current tree (bodies by hash) and its files. */
  importRead: 'content.import.read',
  /** Git sync export: a bounded batch of the current revision's bodies by hash (ImportReadDocumentsInput → ImportReadDocumentsResult). */
  importReadDocuments: 'content.import.read-documents',
  /** Git sync export: the bytes of one file of the space. */
  importReadFile: 'content.import.read-file',
  /**
   * Internal, callerless, for the reader app (PublishedRevisionInput → RevisionGetResult): the
   * current revision of a space that the sites service reported published, without a caller. The
   * reader is the only app whose NATS user may send it, and it asks only for spaces of a site the
   * sites service found published for this visitor.
   */
  publishedRevision: 'content.published.get-revision',
  /**
   * Internal, callerless, for the reader app (PublishedSearchInput → List<SearchPageResult>): the
   * search of one space's published (main) content, scoped like `publishedRevision` (the space must
   * belong to the organization of the site the sites service found published for this visitor).
   */
  publishedSearch: 'content.published.search',
  /**
   * Internal, callerless, for the reader app (PublishedPagePathInput → PublishedPagePathResult): the
   * current path of a page that was at an old path in recent revisions of a published space (a
   * 301 for old links), scoped like `publishedRevision`; 404 when the content does not know it.
   */
  publishedPagePath: 'content.published.page-path',
  /**
   * Internal, callerless (asked by identity's event consumer, which has no caller): how many spaces
   * each member and team of one organization reaches (SpaceCountsInput → SpaceCounts). An unknown
   * organization has every count 0.
   */
  organizationSpaceCounts: 'content.organization.space-counts',
  /**
   * Asked by collaboration: is a comment target (a page, or a block of a page) in the revision it is
   * made on? Content alone reads revisions; it also names the change request canonically (the API
   * accepts its id or its number), and answers the caller's access to the space with it (one call
   * where two were made). CommentTargetInput → CommentTargetResult; 404 unknown space (or no level
   * on it) or change request, 400 unknown page or node.
   */
  commentTargetCheck: 'content.comment-target.check',
} as const;

/** Events published by content on the JetStream event stream (past tense). */
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

/**
 * Core-NATS subjects of the content events after which a space's published content may differ
 * (stream subjects carry the `events.` prefix): every reader replica listens to them.
 */
export const PUBLISHED_CONTENT_EVENTS: readonly string[] = [
  ContentEvents.revisionCreated,
  ContentEvents.changeRequestMerged,
  ContentEvents.spaceUpdated,
  ContentEvents.spaceDeleted,
  ContentEvents.spaceRestored,
  ContentEvents.spaceMoved,
  ContentEvents.spaceTransferred,
].map((type) => `events.${type}`);
