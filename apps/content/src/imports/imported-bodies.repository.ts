import type { EntityManager } from 'typeorm';
import { textHash } from '../model/content-hash';
import { holdContentWriteLock } from '../store/content-write-lock';
import { extractRefs } from '../store/document-refs';
import type { ImportedBody } from './imported-body';

/**
 * Stores an importer's page bodies (and their link index) in two statements, and gives each
 * body's hash, in order: what `ContentStore.saveDocuments` writes, shaped for a thousand bodies.
 * Bodies already stored (a retried import, a page copied across folders) are only hashed: a
 * first query finds them, so Postgres neither parses nor compresses them again. The rest go as one
 * JSON array text: each body comes with its canonical text (`ImportedBody`, hashed as it is), and
 * the array is those texts joined, where a `jsonb[]` parameter had the driver escape every character of every body. It is
 * read as `json` (only cut into elements), each element then parsed once into `jsonb`.
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
  const freshHashes = fresh.map((i) => hashes[i]);
  await manager.query(
    `INSERT INTO documents (hash, body)
       SELECT h.hash, b.body::jsonb FROM unnest($1::text[]) WITH ORDINALITY AS h(hash, n)
       JOIN json_array_elements($2::json) WITH ORDINALITY AS b(body, n) USING (n)
     ON CONFLICT DO NOTHING`,
    [freshHashes, `[${fresh.map((i) => bodies[i].text).join(',')}]`],
  );
  // The link index of each body, derived once here so link lists never re-read bodies.
  const refs = fresh.map((i) => {
    const { refs: found, anchors } = extractRefs(bodies[i].document);
    return [found, anchors];
  });
  await manager.query(
    `INSERT INTO document_refs (hash, refs, anchors)
       SELECT h.hash, r.pair->0, r.pair->1 FROM unnest($1::text[]) WITH ORDINALITY AS h(hash, n)
       JOIN jsonb_array_elements($2::jsonb) WITH ORDINALITY AS r(pair, n) USING (n)
     ON CONFLICT DO NOTHING`,
    [freshHashes, JSON.stringify(refs)],
  );
  return hashes;
}
