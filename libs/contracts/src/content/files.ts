import type { List, PageQuery } from '../pagination';
import type { ContentRef } from './revisions';
import type { ContentSubjects } from './subjects';

export interface RevisionFile {
  id: string;
  name: string;
  contentType: string;
  downloadURL: string;
  size: number;
  dimensions?: { width: number; height: number };
}

export interface FilesListInput extends ContentRef, PageQuery {}
export interface FileGetInput extends ContentRef {
  fileId: string;
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

export interface FilesRpc {
  [ContentSubjects.filesList]: { input: FilesListInput; result: List<RevisionFile> };
  [ContentSubjects.fileGet]: { input: FileGetInput; result: RevisionFile };
  [ContentSubjects.fileDownload]: { input: FileDownloadInput; result: FileDownload };
}
