import type { JsonDocument } from '@bindery/contracts';
import { newId } from '@bindery/platform';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpenApiOutlinesRepository } from '../../src/computed/openapi-outlines.repository';
import { PageTree, ROOT } from '../../src/model/page-tree';
import { SearchIndexer } from '../../src/search/search-indexer';
import { SearchRepository } from '../../src/search/search.repository';
import { ContentStore } from '../../src/store/content-store';
import { RevisionsRepository } from '../../src/store/revisions.repository';
import { scratchContentDataSource } from './scratch-content';

// The index job reads and computes outside a transaction, then writes in one statement guarded by
// the index state it read. Two runs of one space racing, interleaved by hand (read, read, write,
// write): the one computed from a state the other already moved writes nothing, so the index never
// goes backwards and holds what a run from scratch would.
let ds: DataSource;
let indexer: SearchIndexer;
let revisions: RevisionsRepository;
let store: ContentStore;

const paragraphs = (...texts: string[]): JsonDocument => ({
  object: 'document',
  data: {},
  nodes: texts.map((text) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text, marks: [] }] }] })),
});

/** Stores a revision of one space whose pages have these bodies (page `p<i>`, title `Page <i>`), and returns its id. */
async function storeRevision(spaceId: string, bodies: string[], parents: string[]): Promise<string> {
  const at = '2026-01-01T00:00:00.000Z';
  const tree = new PageTree();
  const id = newId();
  await ds.transaction(async (manager) => {
    const hashes = await store.saveDocuments(
      manager,
      bodies.map((text) => paragraphs(text)),
    );
    bodies.forEach((_, i) => {
      const meta = { title: `Page ${i}`, slug: `page-${i}`, createdAt: at, updatedAt: at };
      tree.pages.set(`p${i}`, { id: `p${i}`, type: 'document', meta, document: hashes[i], parent: ROOT });
      tree.children.get(ROOT)!.push(`p${i}`);
    });
    const pages = await store.saveTree(manager, tree);
    await revisions.insert(manager, { id, spaceId, parents, pages, files: [], reusableContents: [], type: 'merge', mergedFrom: null });
  });
  return id;
}

async function newSpace(bodies: string[]): Promise<{ spaceId: string; revisionId: string }> {
  const spaceId = newId();
  await ds.query(
    `INSERT INTO spaces (id, organization_id, title, revision_id, share_key, position, created_at, updated_at) VALUES ($1, 'org', $1, '', $1, $1, now(), now())`,
    [spaceId],
  );
  const revisionId = await storeRevision(spaceId, bodies, []);
  await ds.query('UPDATE spaces SET revision_id = $2 WHERE id = $1', [spaceId, revisionId]);
  return { spaceId, revisionId };
}

/** A merge: the space's next revision, with these bodies. */
async function merge(spaceId: string, bodies: string[]): Promise<string> {
  const [{ revision_id: parent }] = await ds.query('SELECT revision_id FROM spaces WHERE id = $1', [spaceId]);
  const revisionId = await storeRevision(spaceId, bodies, [parent]);
  await ds.query('UPDATE spaces SET revision_id = $2 WHERE id = $1', [spaceId, revisionId]);
  return revisionId;
}

/** What the index holds of a space, without the space's id: comparable across spaces. */
async function indexed(spaceId: string): Promise<{ revisionId: string | null; pages: unknown[]; sections: unknown[] }> {
  const [state]: Array<{ revision_id: string }> = await ds.query('SELECT revision_id FROM search_spaces WHERE space_id = $1', [spaceId]);
  const pages: Array<{ row: unknown }> = await ds.query(
    `SELECT to_jsonb(p) - 'space_id' AS row FROM search_pages p WHERE space_id = $1 ORDER BY page_id`,
    [spaceId],
  );
  const sections: Array<{ row: unknown }> = await ds.query(
    `SELECT to_jsonb(s) - 'space_id' AS row FROM search_sections s WHERE space_id = $1 ORDER BY page_id, idx`,
    [spaceId],
  );
  return {
    revisionId: state?.revision_id ?? null,
    pages: pages.map((r) => r.row),
    sections: sections.map((r) => r.row),
  };
}

beforeAll(async () => {
  ds = await scratchContentDataSource('indexer', 3);
  revisions = new RevisionsRepository(ds);
  store = new ContentStore(ds);
  indexer = new SearchIndexer(ds, new SearchRepository(ds), revisions, store, new OpenApiOutlinesRepository(ds));
});

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
});

describe('the search index job on Postgres', () => {
  it('writes nothing from a run computed before another run moved the index: the index never goes backwards', async () => {
    const { spaceId } = await newSpace(['alpha harbour', 'lantern']);
    await indexer.run(spaceId);
    await merge(spaceId, ['bravo meadow', 'lantern']);
    const older = await indexer.read(spaceId);
    const latest = await merge(spaceId, ['charlie quartz', 'lantern', 'saffron']);
    const newer = await indexer.read(spaceId);
    expect(older.guarded).not.toBeNull();
    expect(newer.guarded).not.toBeNull();

    expect(await indexer.writeUnlessChanged(newer)).toBe(true);
    expect(await indexer.writeUnlessChanged(older)).toBe(false);

    // What a run from scratch of the latest content holds, in a space indexed once.
    const fresh = await newSpace(['charlie quartz', 'lantern', 'saffron']);
    await indexer.run(fresh.spaceId);
    const held = await indexed(spaceId);
    expect(held.revisionId).toBe(latest);
    expect({ pages: held.pages, sections: held.sections }).toEqual({
      pages: (await indexed(fresh.spaceId)).pages,
      sections: (await indexed(fresh.spaceId)).sections,
    });
    expect(await indexer.run(spaceId)).toEqual({ revisionId: latest, pagesWritten: 0, pagesRemoved: 0 });
  });

  it('lets the run that lost start again from fresh reads, and catch up with the space', async () => {
    const { spaceId } = await newSpace(['alpha harbour']);
    await indexer.run(spaceId);
    await merge(spaceId, ['bravo meadow']);
    const first = await indexer.read(spaceId);
    const second = await indexer.read(spaceId);
    expect(await indexer.writeUnlessChanged(first)).toBe(true);
    expect(await indexer.writeUnlessChanged(second)).toBe(false);
    const latest = await merge(spaceId, ['charlie quartz']);
    expect(await indexer.run(spaceId)).toEqual({ revisionId: latest, pagesWritten: 1, pagesRemoved: 0 });
    expect((await indexed(spaceId)).revisionId).toBe(latest);
  });

  it('holds a guarded write off while a locked run of the space reads and writes, then writes nothing from the older state', async () => {
    const { spaceId } = await newSpace(['alpha harbour']);
    await indexer.run(spaceId);
    await merge(spaceId, ['bravo meadow']);
    const guarded = await indexer.read(spaceId);
    const latest = await merge(spaceId, ['charlie quartz']);
    const search = new SearchRepository(ds);
    const written = await ds.transaction(async (manager) => {
      await search.lockSpace(manager, spaceId);
      const [{ pid }] = await manager.query('SELECT pg_backend_pid() AS pid');
      const read = (await search.indexState(manager, spaceId))!.indexed!;
      // Started after the locked run read the index: it must wait for that run, not write under it.
      const write = indexer.writeUnlessChanged(guarded);
      const outcome = await Promise.race([write.then(() => 'written' as const), blockedBy(pid).then(() => 'waiting' as const)]);
      expect(outcome).toBe('waiting');
      await search.writeIndexed(manager, spaceId, {
        state: { ...read, outlines: read.outlines!, revisionId: latest },
        pages: [],
        removed: [],
        regenerated: [],
      });
      // Not awaited here (it waits for this transaction to commit).
      return { write };
    });
    expect(await written.write).toBe(false);
    expect((await indexed(spaceId)).revisionId).toBe(latest);
  });
});

/** Resolves once a statement of another session waits for a lock the backend `pid` holds. */
async function blockedBy(pid: number): Promise<void> {
  for (;;) {
    const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1::int = ANY(pg_blocking_pids(pid))', [pid]);
    if (n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
