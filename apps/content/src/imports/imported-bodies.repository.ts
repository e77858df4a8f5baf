import type { EntityManager } from 'typeorm';
import { textHash } from '../model/content-hash';
import { holdContentWriteLock } from '../store/content-write-lock';
import { DOCUMENT_REFS_ROWS, documentRefsParam, extractRefs } from '../store/document-refs';
import { jsonRowsParam } from '../store/json-rows';
import type { ImportedBody } from './imported-body';

/**
 * Stores an importer's page bodies (and their link index) in two statements, and gives each
 * body's hash, in order: what `ContentStore.saveDocuments` writes, shaped for a thousand bodies.
 * Bodies already stored (a retried import, a page copied across folders) are only hashed: a
 * first query finds them, so Postgres neither parses nor compresses them again. The rest go as one
 * JSON array text (`jsonRowsParam`): each body comes with its canonical text (`ImportedBody`,
 * hashed as it is), joined in as it is, and Postgres parses the whole array once as `jsonb`.
 */
export async function storeImportedBodies(manager: EntityManager, bodies: ImportedBody[]): Promise<string[]> {
  if (bodies.length === 0) return [];
  await holdContentWriteLock(manager);
  const hashes = bodies.map((body) => textHash(body.text));
  const rows: Array<{ hash: string }> = await manager.query('SELECT hash FROM documents WHERE hash = ANY($1)', [[...new Set(hashes)]]);
  const stored = new Set(rows.map((row) => row.hash));
  const fresh: number[] = [];
  hashes.forEach((hash, i) => {
    if (stored.has(hash)) return;
    stored.add(hash);
    fresh.push(i);
  });
  if (fresh.length === 0) return hashes;
  await manager.query(
    'INSERT INTO documents (hash, body) SELECT r->>0, r->1 FROM jsonb_array_elements($1::jsonb) AS r ON CONFLICT DO NOTHING',
    [jsonRowsParam(fresh.map((i) => [hashes[i], bodies[i].text] as const))],
  );
  // The link index of each body, derived once here so link lists never re-read bodies.
  await manager.query(`INSERT INTO document_refs (hash, refs, anchors) ${DOCUMENT_REFS_ROWS} ON CONFLICT DO NOTHING`, [
    documentRefsParam(fresh.map((i) => [hashes[i], extractRefs(bodies[i].document)] as const)),
  ]);
  return hashes;
}
