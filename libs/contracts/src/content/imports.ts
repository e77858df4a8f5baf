import type { JsonDocument, PageLinkTarget, PageType } from './pages';
import type { ContentSubjects } from './subjects';

/**
 * Whole-tree imports (git sync): a worker sends a space's complete page tree and file list, and
 * content applies it as one new revision, atomically. Page and file ids are chosen by the
 * importer (stable per git path), so a re-import that changed one page writes one page.
 */
export interface ImportPage {
  id: string;
  /** `document` when omitted. Groups and links carry no body. */
  type?: PageType;
  /** A link page's target. */
  target?: PageLinkTarget;
  title: string;
  slug: string;
  description?: string;
  emoji?: string;
  icon?: string;
  hidden?: boolean;
  layout?: Record<string, unknown>;
  /**
   * The page body; omitted with `keepDocument` (the body is unchanged since the last import) or
   * `documentHash`. Git sync sends `documentHash`: bodies inline make one message, and one heap,
   * grow with the repository.
   */
  document?: JsonDocument;
  /** The hash of a body stored before through `content.import.store-documents`. */
  documentHash?: string;
  /** Keep the body the page with this id has in the space's current revision. */
  keepDocument?: boolean;
  /** Where the page lives in the repository (informational). */
  gitPath?: string;
  pages: ImportPage[];
}

export interface ImportFile {
  id: string;
  name: string;
  contentType: string;
  size: number;
  /** sha256 of the bytes, already stored through `content.import.store-files`. */
  hash: string;
}

/**
 * A reusable content of an import (Git Sync's `.gitbook/includes/*.md`), its id chosen by the
 * importer like a page's; its body stored before, by hash, like a page's (`documentHash`).
 */
export interface ImportReusableContent {
  id: string;
  title: string;
  document?: JsonDocument;
  documentHash?: string;
}

export interface ImportApplyInput {
  spaceId: string;
  pages: ImportPage[];
  files: ImportFile[];
  /** The revision's reusable contents, all of them; absent, the current revision's are kept. */
  reusableContents?: ImportReusableContent[];
  /**
   * With `reusableContents`: the ids of those the source held when last synced (Git Sync: the
   * last sync's `.gitbook/includes`). Then a reusable content of the current revision in neither
   * list was made here and never reached the source: it is kept, not deleted (a repository
   * without includes leaves the space's alone; one whose includes were deleted removes them).
   */
  sourceReusableContentIds?: string[];
  /** A revision that does not move the space's primary content. */
  standalone?: boolean;
  /**
   * The space's revision when this source was last synced: when the space has moved since (local
   * edits), the import is refused unless `force`. Absent on a first import.
   */
  expectedRevisionId?: string;
  force?: boolean;
  /**
   * An outline shown while a first import's bodies are stored: applied only to a space with no
   * page, no file and no reusable content, and otherwise a no-op (`changed: false`), so an import
   * that fails later can never leave a space's earlier content replaced by empty pages.
   */
  onlyIfEmpty?: boolean;
}

export interface ImportApplyResult {
  revisionId: string;
  /** False when the tree and files equal the current revision's: nothing was written. */
  changed: boolean;
  /** Page nodes written (changed pages and their ancestors). */
  pagesWritten: number;
}

export interface ImportStoreFilesInput {
  spaceId: string;
  /** Bytes, stored by sha256 (a hash already stored is not written again). */
  files: Array<{ base64: string }>;
}

export interface ImportStoreFilesResult {
  hashes: string[];
}

/**
 * Page bodies stored before an apply, a bounded batch per request (at most
 * `IMPORT_STORE_DOCUMENTS_MAX` bodies), so neither side holds a whole repository's bodies at once.
 */
export interface ImportStoreDocumentsInput {
  spaceId: string;
  /** The bodies; or, as `documentTexts`, each as its JSON text (one of the two). */
  documents?: JsonDocument[];
  /**
   * Each body as its canonical JSON text (object keys sorted by UTF-16 code units, no whitespace:
   * what content's `stableStringify` writes): what an importer that serialised its bodies off its
   * event loop sends (the git-sync worker's page threads). Content stores and hashes the text as
   * sent, and refuses (400) one that is not canonical.
   */
  documentTexts?: string[];
}

export interface ImportStoreDocumentsResult {
  /** Each body's content hash (in the order sent), for `ImportPage.documentHash`; null for an empty body (no nodes: nothing stored). */
  hashes: Array<string | null>;
}

/** Most bodies one store-documents request may carry. */
export const IMPORT_STORE_DOCUMENTS_MAX = 200;

/**
 * The current revision of a space for an export: its tree and its files. Bodies are named by
 * hash and read in bounded batches through `content.import.read-documents`: a whole space's
 * bodies in one reply outgrow NATS's message limit (a 1,000-page space: over 64 MiB).
 */
export interface ImportReadInput {
  spaceId: string;
}

/** A page as the last import stored it: its body's hash (null for groups, links and empty bodies) and its children, alike. */
export type ImportReadPage = Omit<ImportPage, 'keepDocument' | 'document' | 'documentHash' | 'pages'> & {
  documentHash: string | null;
  pages: ImportReadPage[];
};

/** Bodies of the space's current revision by hash (at most `IMPORT_STORE_DOCUMENTS_MAX` hashes). */
export interface ImportReadDocumentsInput {
  spaceId: string;
  hashes: string[];
}

/**
 * The bodies asked for, by hash, in the order asked, as many as fit in one reply (at least one):
 * the caller asks again for the ones left out. A hash the revision does not hold is a 404.
 */
export interface ImportReadDocumentsResult {
  documents: Array<{ hash: string; document: JsonDocument }>;
}

/** Most bytes of bodies (as JSON) in one read-documents reply, well under NATS's 64 MiB. */
export const IMPORT_READ_DOCUMENTS_MAX_BYTES = 8 * 1024 * 1024;

export interface ImportReadResult {
  revisionId: string;
  pages: ImportReadPage[];
  files: ImportFile[];
  /** The revision's reusable contents, their bodies by hash like pages' (null: empty), read through `content.import.read-documents`. */
  reusableContents?: Array<{ id: string; title: string; documentHash: string | null }>;
}

export interface ImportReadFileInput {
  spaceId: string;
  hash: string;
}

export interface ImportReadFileResult {
  base64: string;
}

export interface ImportsRpc {
  [ContentSubjects.importApply]: { input: ImportApplyInput; result: ImportApplyResult };
  [ContentSubjects.importStoreFiles]: { input: ImportStoreFilesInput; result: ImportStoreFilesResult };
  [ContentSubjects.importStoreDocuments]: { input: ImportStoreDocumentsInput; result: ImportStoreDocumentsResult };
  [ContentSubjects.importRead]: { input: ImportReadInput; result: ImportReadResult };
  [ContentSubjects.importReadDocuments]: { input: ImportReadDocumentsInput; result: ImportReadDocumentsResult };
  [ContentSubjects.importReadFile]: { input: ImportReadFileInput; result: ImportReadFileResult };
}
