import { Injectable } from '@nestjs/common';
import { LRUCache } from 'lru-cache';
import { DataSource } from 'typeorm';
import { ContentStore } from './content-store';
import { type DocumentRefs, documentRefsParam, DOCUMENT_REFS_ROWS, extractRefs } from './document-refs';

/**
 * The references and anchors of page bodies by body hash. Bodies are immutable, so an extract is
 * computed once (when the body is stored, `ContentStore.saveDocuments`) and cached here for ever;
 * a body stored before this index existed is extracted on its first read and written back.
 */
@Injectable()
export class DocumentRefsRepository {
  private readonly cache = new LRUCache<string, DocumentRefs>({ max: 200_000 });

  constructor(
    private readonly db: DataSource,
    private readonly store: ContentStore,
  ) {}

  async load(hashes: Iterable<string>): Promise<Map<string, DocumentRefs>> {
    const out = new Map<string, DocumentRefs>();
    const missing: string[] = [];
    for (const hash of new Set(hashes)) {
      const cached = this.cache.get(hash);
      if (cached) out.set(hash, cached);
      else missing.push(hash);
    }
    if (missing.length === 0) return out;
    const rows: Array<{ hash: string; refs: DocumentRefs['refs']; anchors: string[] }> = await this.db.query(
      'SELECT hash, refs, anchors FROM document_refs WHERE hash = ANY((SELECT $1::text[])::text[])',
      [missing],
    );
    for (const row of rows) this.remember(out, row.hash, { refs: row.refs, anchors: row.anchors });
    const unindexed = missing.filter((hash) => !out.has(hash));
    if (unindexed.length > 0) {
      const bodies = await this.store.loadDocuments(unindexed);
      const extracted = [...bodies].map(([hash, body]) => [hash, extractRefs(body)] as const);
      for (const [hash, refs] of extracted) this.remember(out, hash, refs);
      if (extracted.length > 0) {
        await this.db.query(
          `INSERT INTO document_refs (hash, refs, anchors)
           SELECT x.h, x.r, x.a FROM (${DOCUMENT_REFS_ROWS}) AS x(h, r, a)
           WHERE EXISTS (SELECT 1 FROM documents d WHERE d.hash = x.h)
           ON CONFLICT DO NOTHING`,
          [documentRefsParam(extracted)],
        );
      }
    }
    return out;
  }

  private remember(out: Map<string, DocumentRefs>, hash: string, refs: DocumentRefs): void {
    this.cache.set(hash, refs);
    out.set(hash, refs);
  }
}
