import { type InsertFileInput, MAX_INLINE_FILE_BYTES, MEDIA_TYPE_PATTERN } from '@bindery/contracts';
import { type AddressPolicy, badRequest, FetchRefusedError, guardedFetch } from '@bindery/platform';
import { type DecodedFile, describeUpload } from './file-upload';

/** How `insert_files` fetches `url` files: which private hosts the operator allowed, and the time allowed. */
export interface FileFetchConfig {
  policy: AddressPolicy;
  /** Budget for all the url files of one batch, which are fetched a few at a time. */
  batchTimeoutMs: number;
}

export const FILE_FETCH = Symbol('FILE_FETCH');

/**
 * Fetches the bytes of one `url` file through the guarded fetcher, under the same size cap as
 * inline bytes. Every failure (refused address, unreachable host, timeout, error status, too
 * large) is a 400 naming the file's url. The type given in the request wins over the server's.
 */
export async function fetchUpload(
  input: InsertFileInput & { url: string },
  id: string,
  field: string,
  config: { policy: AddressPolicy; timeoutMs: number },
): Promise<DecodedFile> {
  let fetched;
  try {
    fetched = await guardedFetch(input.url, { policy: config.policy, timeoutMs: config.timeoutMs, maxBytes: MAX_INLINE_FILE_BYTES });
  } catch (error) {
    if (error instanceof FetchRefusedError) throw badRequest(`${field}.url: ${error.message}`);
    throw error;
  }
  // A server's type must also fit in a download URL; an unusable one falls back to plain bytes.
  const served = fetched.contentType !== undefined && MEDIA_TYPE_PATTERN.test(fetched.contentType) ? fetched.contentType : undefined;
  const contentType = input.contentType ?? served ?? 'application/octet-stream';
  return describeUpload(fetched.bytes, { id, name: input.name, contentType, ref: input.ref, field });
}
