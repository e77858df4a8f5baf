import type { JsonDocument } from '@bindery/contracts';
import type { EntityManager } from 'typeorm';
import { contentHash, stableStringify } from '../model/content-hash';
import { storeImportedBodies } from './imported-bodies.repository';
import type { ImportedBody } from './imported-body';

const body = (text: string): JsonDocument =>
  ({
    object: 'document',
    data: {},
    nodes: [{ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ object: 'leaf', text, marks: [] }] }] }],
  }) as unknown as JsonDocument;
const canonical = (document: JsonDocument): ImportedBody => ({ document, text: stableStringify(document) });

/** A transaction's manager that records the statements and answers the "already stored" query. */
function fakeManager(stored: string[]) {
  const statements: Array<{ sql: string; params: unknown[] }> = [];
  const manager = {
    queryRunner: { isTransactionActive: true },
    query: jest.fn((sql: string, params: unknown[] = []) => {
      statements.push({ sql, params });
      if (sql.startsWith('SELECT hash FROM documents'))
        return Promise.resolve((params[0] as string[]).filter((h) => stored.includes(h)).map((hash) => ({ hash })));
      return Promise.resolve([]);
    }),
  } as unknown as EntityManager;
  return { manager, statements };
}

describe('storeImportedBodies', () => {
  it('gives every hash in order and sends only the bodies not stored yet, once each, as one JSON array', async () => {
    const [a, b, c] = [body('a'), body('b'), body('c')];
    const { manager, statements } = fakeManager([contentHash(b)]);

    const hashes = await storeImportedBodies(manager, [a, b, c, a].map(canonical));

    expect(hashes).toEqual([a, b, c, a].map(contentHash));
    const insert = statements.find((s) => s.sql.includes('INSERT INTO documents'))!;
    expect(JSON.parse(insert.params[0] as string)).toEqual([
      [contentHash(a), a],
      [contentHash(c), c],
    ]);
    const refs = statements.find((s) => s.sql.includes('INSERT INTO document_refs'))!;
    expect(JSON.parse(refs.params[0] as string)).toEqual([
      [contentHash(a), [], []],
      [contentHash(c), [], []],
    ]);
  });

  it('writes nothing when every body is stored already', async () => {
    const a = body('a');
    const { manager, statements } = fakeManager([contentHash(a)]);
    expect(await storeImportedBodies(manager, [canonical(a)])).toEqual([contentHash(a)]);
    expect(statements.filter((s) => s.sql.startsWith('INSERT'))).toEqual([]);
  });
});
