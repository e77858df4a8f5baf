import type { JsonDocument } from '@bindery/contracts';
import { WriteBatch } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { contentHash, stableStringify, textHash } from '../model/content-hash';
import { type PageEntry, PageTree, ROOT, type StoredPageNode } from '../model/page-tree';
import { LRUCache } from 'lru-cache';
import { CONTENT_WRITE_LOCK_CONDITION, holdContentWriteLock } from './content-write-lock';
import { DOCUMENT_REFS_ROWS, documentRefsParam, extractRefs } from './document-refs';
import { jsonRowsParam } from './json-rows';

/** Copy-on-write layers a cached tree may have before it is flattened (reads pass through each). */
const MAX_LAYERS = 8;
/** Most snapshots kept, whatever their size. */
const SNAPSHOT_TREES = 1_024;
/** Most pages over all kept snapshots: as many as the former 32 trees of a 10,000-page space. */
const SNAPSHOT_PAGES = 320_000;

/**
 * Content-addressed storage of page versions (a Merkle tree: a node lists its children's hashes)
 * and page bodies. Saving a tree writes only the nodes whose hash is new: the edited pages and
 * their ancestors. Immutable rows make an in-process cache always correct; only rows read back
 * from the database are cached, never rows of a transaction that might still roll back. Trees
 * are cached whole as snapshots keyed by their top-level hashes: a snapshot of a rolled-back save
 * is harmless because only a committed revision ever names those hashes.
 */
@Injectable()
export class ContentStore {
  private readonly nodes = new LRUCache<string, StoredPageNode>({ max: 500_000 });
  private readonly documents = new LRUCache<string, JsonDocument>({ max: 20_000 });
  /**
   * Sealed page trees by top-level hashes: the trees of recent revisions, shared by every reader.
   * Bounded by pages, not by trees: every open change request's revision and every space's main
   * one are read and forked all the time (64 writers on 16 spaces keep ~80 live), and a bound of a
   * few dozen trees rebuilt them from nodes on nearly every edit, merge and read. A page counts as
   * one whether or not a fork shares it with another tree, so the bound over-counts, never under.
   */
  private readonly snapshots = new LRUCache<string, PageTree>({
    max: SNAPSHOT_TREES,
    maxSize: SNAPSHOT_PAGES,
    sizeCalculation: (tree) => Math.max(1, tree.pages.size),
  });

  /**
   * The snapshot key of each top-level hash list already seen (revision rows are cached, so a read
   * passes the same array each time): joining 40 to thousands of hashes, and hashing that fresh string
   * for the LRU lookup, on every read cost more than the lookup itself. A keyed list is frozen, so
   * its key can never go stale: a changed list would be a different tree under the same key.
   */
  private readonly keys = new WeakMap<readonly string[], string>();

  constructor(private readonly db: DataSource) {}

  /** `rootHashes` joined: the snapshot key, made once per list object (see `keys`). */
  private keyOf(rootHashes: string[]): string {
    let key = this.keys.get(rootHashes);
    if (key === undefined) {
      key = rootHashes.join(',');
      this.keys.set(Object.freeze(rootHashes), key);
    }
    return key;
  }

  /**
   * A revision's tree as a sealed, shared snapshot (read-only: writes throw). Keyed by its
   * top-level hashes, which name the whole tree, so a snapshot is never stale.
   */
  async snapshot(rootHashes: string[], manager: EntityManager = this.db.manager): Promise<PageTree> {
    const key = this.keyOf(rootHashes);
    const cached = this.snapshots.get(key);
    if (cached) return cached;
    await this.loadNodes(rootHashes, manager);
    const tree = new PageTree();
    const visit = (hashes: string[], parent: string) => {
      const list = tree.childrenOf(parent);
      for (const hash of hashes) {
        const node = this.nodes.get(hash)!;
        const entry: PageEntry = {
          id: node.id,
          type: node.type ?? 'document',
          meta: node.meta,
          document: node.document,
          parent,
          nodeHash: hash,
        };
        tree.pages.set(node.id, entry);
        list.push(node.id);
        visit(node.children, node.id);
      }
    };
    visit(rootHashes, ROOT);
    const snapshot = tree.seal();
    this.snapshots.set(key, snapshot);
    return snapshot;
  }

  /** A changeable tree of a revision: a copy-on-write fork of its snapshot, free to create. */
  async loadTree(rootHashes: string[], manager: EntityManager = this.db.manager): Promise<PageTree> {
    return (await this.snapshot(rootHashes, manager)).fork();
  }

  private async loadNodes(hashes: string[], manager: EntityManager): Promise<void> {
    let level = hashes;
    while (level.length > 0) {
      const missing = [...new Set(level.filter((h) => !this.nodes.has(h)))];
      if (missing.length > 0) {
        // The array as `(SELECT $1)`: Postgres keeps one generic plan (else it plans every call; see SPACES_BY_IDS_SQL).
        const rows: Array<{ hash: string; node: StoredPageNode }> = await manager.query(
          'SELECT hash, node FROM page_nodes WHERE hash = ANY((SELECT $1::text[])::text[])',
          [missing],
        );
        for (const row of rows) this.nodes.set(row.hash, row.node);
        if (rows.length !== missing.length) throw new Error(`page nodes missing from storage: ${missing.length - rows.length}`);
      }
      level = level.flatMap((h) => this.nodes.get(h)!.children);
    }
  }

  /**
   * Writes the changed nodes of a tree and returns its top-level hashes. The tree becomes the
   * snapshot of those hashes (the next merge or edit forks it instead of loading it again), so it
   * is sealed: the caller must not change it afterwards. With `batch`, the nodes are written when
   * the batch runs (with the caller's other writes, in one round trip).
   */
  async saveTree(manager: EntityManager, tree: PageTree, batch?: WriteBatch): Promise<string[]> {
    await holdContentWriteLock(manager);
    const fresh: Array<[string, StoredPageNode]> = [];
    const hashOf = (id: string): string => {
      // An unchanged page keeps its hash: read without copying it into the fork (see `peek`).
      const unchanged = tree.peek(id)!.nodeHash;
      if (unchanged !== undefined) return unchanged;
      const page = tree.pages.get(id)!;
      const node: StoredPageNode = {
        id,
        type: page.type,
        meta: page.meta,
        document: page.document,
        children: tree.childrenOf(id).map(hashOf),
      };
      const hash = contentHash(node);
      page.nodeHash = hash;
      // Written even when cached: the collector may have removed a row no revision used any more.
      fresh.push([hash, node]);
      return hash;
    };
    const roots = tree.childrenOf(ROOT).map(hashOf);
    if (fresh.length > 0) {
      const bodies = fresh.map(([, node]) => stableStringify(node));
      const writes = batch ?? new WriteBatch();
      writes.add(
        `INSERT INTO page_nodes (hash, node) SELECT r->>0, r->1 FROM jsonb_array_elements($1::jsonb) AS r WHERE ${CONTENT_WRITE_LOCK_CONDITION} ON CONFLICT DO NOTHING`,
        [jsonRowsParam(fresh.map(([hash], i) => [hash, bodies[i]] as const))],
      );
      if (!batch) await writes.run(manager);
    }
    // Every fork adds a layer that reads pass through; past a few, one flat copy is cheaper.
    const key = roots.join(',');
    if (!this.snapshots.has(key)) this.snapshots.set(key, (tree.layers > MAX_LAYERS ? tree.flatten() : tree).seal());
    return roots;
  }

  /**
   * Stores page bodies by content hash and their link extracts (one statement, one multi-row insert
   * each) and returns their hashes, in order: each once whatever the number of pages and revisions
   * using it. Written even when cached: the collector may have removed a body no page used any
   * more. With `batch`, they are written when the batch runs.
   */
  async saveDocuments(manager: EntityManager, documents: JsonDocument[], batch?: WriteBatch): Promise<string[]> {
    if (documents.length === 0) return [];
    await holdContentWriteLock(manager);
    // Serialised once: the text is both what is stored and what is hashed (the costly part of an import's store).
    const texts = documents.map((d) => stableStringify(d));
    const hashes = texts.map(textHash);
    const writes = batch ?? new WriteBatch();
    writes.add(
      `INSERT INTO documents (hash, body) SELECT r->>0, r->1 FROM jsonb_array_elements($1::jsonb) AS r WHERE ${CONTENT_WRITE_LOCK_CONDITION} ON CONFLICT DO NOTHING`,
      [jsonRowsParam(texts.map((text, i) => [hashes[i], text] as const))],
    );
    // The link index of each body, derived once here so link lists never re-read bodies.
    writes.add(`INSERT INTO document_refs (hash, refs, anchors) ${DOCUMENT_REFS_ROWS} ON CONFLICT DO NOTHING`, [
      documentRefsParam(documents.map((d, i) => [hashes[i], extractRefs(d)] as const)),
    ]);
    if (!batch) await writes.run(manager);
    return hashes;
  }

  /** How many of these bodies are not stored (an importer stores them before its apply, by hash). */
  async countMissingDocuments(manager: EntityManager, hashes: string[]): Promise<number> {
    const unique = [...new Set(hashes)];
    if (unique.length === 0) return 0;
    const rows: Array<{ hash: string }> = await manager.query('SELECT hash FROM documents WHERE hash = ANY((SELECT $1::text[])::text[])', [
      unique,
    ]);
    return unique.length - rows.length;
  }

  /** Many bodies at once (one query for the ones not cached). */
  async loadDocuments(hashes: string[], manager: EntityManager = this.db.manager): Promise<Map<string, JsonDocument>> {
    const out = new Map<string, JsonDocument>();
    const missing: string[] = [];
    for (const hash of new Set(hashes)) {
      const cached = this.documents.get(hash);
      if (cached) out.set(hash, cached);
      else missing.push(hash);
    }
    if (missing.length > 0) {
      const rows: Array<{ hash: string; body: JsonDocument }> = await manager.query(
        'SELECT hash, body FROM documents WHERE hash = ANY((SELECT $1::text[])::text[])',
        [missing],
      );
      for (const row of rows) {
        this.documents.set(row.hash, row.body);
        out.set(row.hash, row.body);
      }
    }
    return out;
  }

  async loadDocument(hash: string, manager: EntityManager = this.db.manager): Promise<JsonDocument> {
    const cached = this.documents.get(hash);
    if (cached) return cached;
    const rows: Array<{ body: JsonDocument }> = await manager.query('SELECT body FROM documents WHERE hash = $1', [hash]);
    if (rows.length === 0) throw new Error(`document ${hash} missing from storage`);
    this.documents.set(hash, rows[0].body);
    return rows[0].body;
  }
}
