import type { RevisionFile } from '@bindery/contracts';
import type { StoredFile } from '../model/file-list';
import type { DownloadSigner } from './download-signer';

/** Wire file (official RevisionFile) with a fresh signed, expiring `downloadURL`. */
export function toWireFile(file: StoredFile, signer: DownloadSigner, baseUrl: string, now: Date): RevisionFile {
  const { grant, signature } = signer.grant(file.hash, file.contentType, now);
  const query = new URLSearchParams({ type: grant.contentType, expires: String(grant.expires), signature });
  const out: RevisionFile = {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: `${baseUrl}/v1/files/${grant.hash}/download?${query.toString()}`,
    size: file.size,
  };
  if (file.dimensions) out.dimensions = { ...file.dimensions };
  return out;
}
