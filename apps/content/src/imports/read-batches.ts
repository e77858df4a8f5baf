import { IMPORT_STORE_DOCUMENTS_MAX, type JsonDocument } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';

/** A read-documents request's hashes, checked: a non-empty list of at most `IMPORT_STORE_DOCUMENTS_MAX` strings. */
export function checkedHashes(hashes: unknown): string[] {
  if (!Array.isArray(hashes) || hashes.length === 0) throw badRequest('hashes: must be a non-empty list');
  if (hashes.length > IMPORT_STORE_DOCUMENTS_MAX) throw badRequest(`hashes: at most ${IMPORT_STORE_DOCUMENTS_MAX} per request`);
  hashes.forEach((hash, i) => {
    if (typeof hash !== 'string' || hash.length === 0 || hash.length > 128) throw badRequest(`hashes[${i}]: must be a body hash`);
  });
  return hashes as string[];
}

/**
 * The bodies asked for, in order, while their JSON stays under `maxBytes` (the first always goes,
 * so a caller that asks again for the rest always progresses): one reply never outgrows NATS's
 * message limit, however large the bodies.
 */
export function withinReply(
  hashes: string[],
  bodies: ReadonlyMap<string, JsonDocument>,
  maxBytes: number,
): Array<{ hash: string; document: JsonDocument }> {
  const out: Array<{ hash: string; document: JsonDocument }> = [];
  let bytes = 0;
  for (const hash of new Set(hashes)) {
    const document = bodies.get(hash);
    if (document === undefined) continue;
    const size = Buffer.byteLength(JSON.stringify(document));
    if (out.length > 0 && bytes + size > maxBytes) break;
    out.push({ hash, document });
    bytes += size;
  }
  return out;
}
