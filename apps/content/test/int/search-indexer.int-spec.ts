import type { JsonDocument } from '@bindery/contracts';
import { newId } from '@bindery/platform';
import pg from 'pg';
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

/** Stores a revision of one space whose pages have these bodies (page `p<i>`, title `Page <i>`, top level), and returns its id. */
function storeRevision(spaceId: string, bodies: string[], parents: string[]): Promise<string> {
  return storeTree(
    spaceId,
    bodies.map((body, i) => ({ id: `p${i}`, title: `Page ${i}`, parent: null, body })),
    parents,
  );
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
  indexer = new SearchIndexer(ds, new SearchRepository(ds), store, new OpenApiOutlinesRepository(ds));
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

/** A page of `storeTree`: under `parent` (null: top level), in the order listed. */
interface PageSpec {
  id: string;
  title: string;
  parent: string | null;
  body: string;
}

/** Stores a revision of one space with these pages (any depth), and returns its id. */
async function storeTree(spaceId: string, pages: PageSpec[], parents: string[]): Promise<string> {
  const at = '2026-01-01T00:00:00.000Z';
  const tree = new PageTree();
  const id = newId();
  await ds.transaction(async (manager) => {
    const hashes = await store.saveDocuments(
      manager,
      pages.map((page) => paragraphs(...page.body.split('\n'))),
    );
    pages.forEach((page, i) => {
      const parent = page.parent ?? ROOT;
      const meta = { title: page.title, slug: page.title.toLowerCase().replace(/\W+/g, '-'), createdAt: at, updatedAt: at };
      tree.pages.set(page.id, { id: page.id, type: 'document', meta, document: hashes[i], parent });
      tree.childrenOf(parent).push(page.id);
    });
    const roots = await store.saveTree(manager, tree);
    await revisions.insert(manager, {
      id,
      spaceId,
      parents,
      pages: roots,
      files: [],
      reusableContents: [],
      type: 'merge',
      mergedFrom: null,
    });
  });
  return id;
}

/** A space whose main revision holds `pages`, never indexed. */
async function spaceWith(pages: PageSpec[]): Promise<string> {
  const spaceId = newId();
  await ds.query(
    `INSERT INTO spaces (id, organization_id, title, revision_id, share_key, position, created_at, updated_at) VALUES ($1, 'org', $1, '', $1, $1, now(), now())`,
    [spaceId],
  );
  await ds.query('UPDATE spaces SET revision_id = $2 WHERE id = $1', [spaceId, await storeTree(spaceId, pages, [])]);
  return spaceId;
}

/** Statements sent to Postgres while `work` runs (every pg client of this process). */
async function statementsDuring(work: () => Promise<unknown>): Promise<number> {
  const original = pg.Client.prototype.query;
  let count = 0;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    count++;
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = original;
  }
  return count;
}

const WORDS = ['harbour', 'lantern', 'meadow', 'quartz', 'saffron', 'timber', 'velvet', 'willow'];

describe('an incremental index run on Postgres', () => {
  it('reads the index state and both revisions in one statement: a one-page merge costs 4 statements (state, page nodes, bodies, write)', async () => {
    const pages = Array.from({ length: 40 }, (_, i) => ({
      id: `p${i}`,
      title: `Page ${i}`,
      parent: null,
      body: `seeded ${WORDS.join(' ')}`,
    }));
    const spaceId = await spaceWith(pages);
    // A worker's indexer: its caches hold none of what content wrote.
    const worker = new SearchIndexer(ds, new SearchRepository(ds), new ContentStore(ds), new OpenApiOutlinesRepository(ds));
    await worker.run(spaceId);
    pages[3] = { ...pages[3], body: 'edited lantern notes' };
    const [{ revision_id: parent }] = await ds.query('SELECT revision_id FROM spaces WHERE id = $1', [spaceId]);
    await ds.query('UPDATE spaces SET revision_id = $2 WHERE id = $1', [spaceId, await storeTree(spaceId, pages, [parent])]);

    let run: Awaited<ReturnType<SearchIndexer['run']>> | undefined;
    const statements = await statementsDuring(async () => (run = await worker.run(spaceId)));

    expect(run).toMatchObject({ pagesWritten: 1, pagesRemoved: 0 });
    expect(statements).toBe(4);
  });

  it('holds, after many edits each indexed incrementally, what an index built from scratch holds, and answers every search the same', async () => {
    // Deterministic edits of a nested tree: bodies, titles (the path and ancestors of a subtree
    // change), moves, insertions and removals; runs after one to three edits (coalesced merges).
    let pages: PageSpec[] = Array.from({ length: 12 }, (_, i) => ({
      id: `p${i}`,
      title: `Page ${i} ${WORDS[i % WORDS.length]}`,
      parent: i < 4 ? null : `p${i % 4}`,
      body: `Seeded page ${i}: ${WORDS.slice(0, 1 + (i % WORDS.length)).join(' ')}\nSecond section ${WORDS[(i + 3) % WORDS.length]}`,
    }));
    const spaceId = await spaceWith(pages);
    const search = new SearchRepository(ds);
    const worker = new SearchIndexer(ds, search, new ContentStore(ds), new OpenApiOutlinesRepository(ds));
    await worker.run(spaceId);
    let next = 12;
    for (let step = 1; step <= 30; step++) {
      const pick = pages[(step * 7) % pages.length];
      const word = WORDS[(step * 5) % WORDS.length];
      switch (step % 5) {
        case 0:
          pages = pages.map((p) => (p.id === pick.id ? { ...p, body: `Edited ${step}: ${word} notes\n${word} again` } : p));
          break;
        case 1:
          pages = pages.map((p) => (p.id === pick.id ? { ...p, title: `Retitled ${step} ${word}` } : p));
          break;
        case 2: {
          // Moved under a top-level page that is not in its own subtree.
          const target = pages.find((p) => p.parent === null && p.id !== pick.id && !isUnder(pages, p.id, pick.id));
          if (target) pages = [...pages.filter((p) => p.id !== pick.id), { ...pick, parent: target.id }];
          break;
        }
        case 3:
          pages = [...pages, { id: `p${next}`, title: `New ${next} ${word}`, parent: step % 2 ? pick.id : null, body: `Inserted ${word}` }];
          next++;
          break;
        case 4: {
          // Removed with its subtree, unless it is the last top-level page.
          if (pick.parent !== null || pages.filter((p) => p.parent === null).length > 1)
            pages = pages.filter((p) => p.id !== pick.id && !isUnder(pages, p.id, pick.id));
          break;
        }
      }
      const [{ revision_id: parent }] = await ds.query('SELECT revision_id FROM spaces WHERE id = $1', [spaceId]);
      await ds.query('UPDATE spaces SET revision_id = $2 WHERE id = $1', [spaceId, await storeTree(spaceId, pages, [parent])]);
      if (step % 3 !== 1) await worker.run(spaceId);
    }
    await worker.run(spaceId);

    const fresh = await spaceWith(pages);
    await new SearchIndexer(ds, search, new ContentStore(ds), new OpenApiOutlinesRepository(ds)).run(fresh);
    const [incremental, scratch] = [await indexed(spaceId), await indexed(fresh)];
    expect(incremental.pages).toEqual(scratch.pages);
    expect(incremental.sections).toEqual(scratch.sections);
    const answers = async (id: string, text: string) =>
      (await search.search([id], { text, exact: text }, { offset: 0, take: 50, shown: 50, perPage: 5 })).map(
        ({ spaceId: _, ...hit }) => hit,
      );
    for (const text of [...WORDS.map((w) => `'${w}'`), "'page'", "'retitled' & 'page'", "'edited'", "'inserted'"])
      expect(await answers(spaceId, text)).toEqual(await answers(fresh, text));
  });
});

/** Whether `id` lies below `ancestor` in `pages`. */
function isUnder(pages: PageSpec[], id: string, ancestor: string): boolean {
  const parentOf = new Map(pages.map((p) => [p.id, p.parent]));
  for (let at = parentOf.get(id); at; at = parentOf.get(at)) if (at === ancestor) return true;
  return false;
}
