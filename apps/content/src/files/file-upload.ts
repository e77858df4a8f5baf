import { type InsertFileInput, MAX_INLINE_FILE_BYTES } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { imageSize } from 'image-size';
import type { StoredFile } from '../model/file-list';
import { bytesHash } from '../store/file-storage/file-storage';

/** An uploaded file decoded and described, ready to be stored and listed in a revision. */
export interface DecodedFile {
  entry: StoredFile;
  bytes: Buffer;
  ref?: string;
  /** Where the file was in the request (changes[i].files[j]), for error messages. */
  field: string;
}

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Decodes the inline bytes of one `insert_files` entry: strict base64 (Node's decoder silently
 * skips bad characters, which would store corrupt bytes), then described like any upload.
 */
export function decodeUpload(input: InsertFileInput & { base64: string }, id: string, field: string): DecodedFile {
  const text = input.base64.replace(/\s+/g, '');
  if (!BASE64.test(text)) throw badRequest(`${field}.base64: must be base64-encoded bytes`);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw badRequest(`${field}.base64: the file is empty`);
  if (bytes.length > MAX_INLINE_FILE_BYTES)
    throw badRequest(`${field}.base64: the file is ${bytes.length} bytes; at most ${MAX_INLINE_FILE_BYTES} are accepted`);
  return describeUpload(bytes, { id, name: input.name, contentType: input.contentType!, ref: input.ref, field });
}

/** An upload's bytes described: size, content hash and, for images, the dimensions read from the bytes themselves. */
export function describeUpload(
  bytes: Buffer,
  file: { id: string; name: string; contentType: string; ref?: string; field: string },
): DecodedFile {
  const contentType = file.contentType.toLowerCase();
  const entry: StoredFile = { id: file.id, name: file.name, contentType, size: bytes.length, hash: bytesHash(bytes) };
  if (contentType.startsWith('image/')) {
    const dimensions = readDimensions(bytes);
    if (dimensions) entry.dimensions = dimensions;
  }
  return { entry, bytes, ref: file.ref, field: file.field };
}

/** Width and height of an image; undefined when the bytes are not an image format we can read. */
function readDimensions(bytes: Buffer): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(bytes);
    return width !== undefined && height !== undefined ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
