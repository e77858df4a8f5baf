import type { JsonDocument } from '@bindery/contracts';
import { newId, runMigrations } from '@bindery/platform';
import { DataSource } from 'typeorm';
import { afterAll, describe, expect, it } from 'vitest';
import { FixedClock } from '../../src/clock/clock';
import { contentMigrations } from '../../src/database/data-source';
import { AddOpenApiOutlines1767800000000 } from '../../src/database/migrations/1767800000000-AddOpenApiOutlines';
import { contentHash, stableStringify } from '../../src/model/content-hash';
import { ContentCollector } from '../../src/store/content-collector';
import { ContentStore } from '../../src/store/content-store';
import type { FileStorage } from '../../src/store/file-storage/file-storage';
import { RevisionsRepository } from '../../src/store/revisions.repository';
import { contentDataSourceOn, type ScratchSchema, scratchContentSchema } from './scratch-content';

/**
 * The migrations of the release before computed pages and reusable contents (this release's first
 * migration is AddOpenApiOutlines): the database an upgrade starts from.
 */
const PREVIOUS_RELEASE = contentMigrations.slice(0, contentMigrations.indexOf(AddOpenApiOutlines1767800000000));

const paragraphs = (...texts: string[]): JsonDocument => ({
  object: 'document',
  data: {},
  nodes: texts.map((text) => ({ object: 'block', type: 'paragraph', nodes: [{ object: 'text', leaves: [{ text, marks: [] }] }] })),
});

/** A stored page node as the previous release wrote it (nodes of the first releases had no `type`). */
function node(id: string, title: string, document: JsonDocument | null, children: string[], type?: string) {
  const meta = { title, slug: title.toLowerCase(), createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
  const stored = { id, ...(type ? { type } : {}), meta, document: document ? contentHash(document) : null, children };
  return { hash: contentHash(stored), stored };
}

const open: DataSource[] = [];
async function dataSource(scratch: ScratchSchema, migrations: typeof contentMigrations): Promise<DataSource> {
  const ds = await contentDataSourceOn(scratch, migrations);
  open.push(ds);
  return ds;
}

afterAll(async () => {
  for (const ds of open) if (ds.isInitialized) await ds.destroy();
});

describe('upgrading a database of the previous release', () => {
  it('keeps every revision, page and document, and the upgraded database takes reusable contents', async () => {
    const scratch = await scratchContentSchema('upgrade');
    const { schema } = scratch;
    const old = await dataSource(scratch, PREVIOUS_RELEASE);
    expect(await runMigrations(old, schema)).toBe(PREVIOUS_RELEASE.length);

    // Data as the previous release stored it: a space, two revisions sharing a subtree, a file list.
    const bodies = [paragraphs('Welcome'), paragraphs('Install', 'Run it'), paragraphs('Welcome, edited')];
    const setup = node('p-setup', 'Setup', bodies[1], []);
    const guides = node('p-guides', 'Guides', null, [setup.hash], 'group');
    const introV1 = node('p-intro', 'Intro', bodies[0], []);
    const introV2 = node('p-intro', 'Intro', bodies[2], []);
    const files = [{ id: 'f1', name: 'logo.png', contentType: 'image/png', size: 3, hash: 'a'.repeat(64) }];
    const spaceId = newId();
    const [r1, r2] = [newId(), newId()];
    await old.query(
      `INSERT INTO spaces (id, organization_id, title, revision_id, share_key, position, created_at, updated_at) VALUES ($1, 'org', 'Handbook', $2, 'key', 'a0', now(), now())`,
      [spaceId, r2],
    );
    for (const body of bodies)
      await old.query('INSERT INTO documents (hash, body) VALUES ($1, $2)', [contentHash(body), stableStringify(body)]);
    for (const n of [setup, guides, introV1, introV2])
      await old.query('INSERT INTO page_nodes (hash, node) VALUES ($1, $2)', [n.hash, stableStringify(n.stored)]);
    await old.query('INSERT INTO file_lists (hash, files) VALUES ($1, $2)', [contentHash(files), stableStringify(files)]);
    await old.query(`INSERT INTO revisions (id, space_id, parents, pages, type) VALUES ($1, $2, '{}', $3, 'edits')`, [
      r1,
      spaceId,
      [introV1.hash, guides.hash],
    ]);
    await old.query(`INSERT INTO revisions (id, space_id, parents, pages, files_hash, type) VALUES ($1, $2, $3, $4, $5, 'edits')`, [
      r2,
      spaceId,
      [r1],
      [introV2.hash, guides.hash],
      contentHash(files),
    ]);
    const counts = async (ds: DataSource) =>
      Object.fromEntries(
        await Promise.all(
          ['spaces', 'revisions', 'page_nodes', 'documents', 'file_lists'].map(
            async (table) => [table, Number((await ds.query(`SELECT count(*) AS n FROM ${table}`))[0].n)] as const,
          ),
        ),
      );
    const before = await counts(old);
    await old.destroy();

    // The current release migrates it and reads everything back through its own code.
    const current = await dataSource(scratch, contentMigrations);
    expect(await runMigrations(current, schema)).toBe(contentMigrations.length - PREVIOUS_RELEASE.length);
    expect(await counts(current)).toEqual(before);
    const revisions = new RevisionsRepository(current);
    const store = new ContentStore(current);
    const read = async (revisionId: string) => {
      const revision = (await revisions.find(revisionId))!;
      const tree = await store.snapshot(revision.pages);
      const documents = await store.loadDocuments([...tree.pages.values()].flatMap((p) => (p.document ? [p.document] : [])));
      const pages = [...tree.pages.values()].map((p) => [p.id, p.type, p.meta.title, p.parent, p.document && documents.get(p.document)]);
      return { revision, pages };
    };
    const first = await read(r1);
    expect(first.revision).toMatchObject({ parents: [], files: [], reusableContents: [] });
    expect(first.pages).toEqual([
      ['p-intro', 'document', 'Intro', '', bodies[0]],
      ['p-guides', 'group', 'Guides', '', null],
      ['p-setup', 'document', 'Setup', 'p-guides', bodies[1]],
    ]);
    const second = await read(r2);
    expect(second.revision).toMatchObject({ parents: [r1], files, reusableContents: [] });
    expect(second.pages[0]).toEqual(['p-intro', 'document', 'Intro', '', bodies[2]]);
    expect(second.pages.slice(1)).toEqual(first.pages.slice(1));

    // A revision of the upgraded database holds reusable contents; the collector keeps their bodies.
    const shared = paragraphs('Shared note');
    await current.transaction(async (manager) => {
      await store.saveDocuments(manager, [shared]);
      await revisions.insert(manager, {
        id: newId(),
        spaceId,
        parents: [r2],
        pages: second.revision.pages,
        files,
        reusableContents: [{ id: 'rc1', title: 'Note', document: contentHash(shared) }],
        type: 'edits',
        mergedFrom: null,
      });
    });
    const noBytes: Pick<FileStorage, 'listWrittenBefore'> = { listWrittenBefore: async function* () {} };
    const collected = await new ContentCollector(
      current,
      noBytes as FileStorage,
      new FixedClock(new Date('2026-06-01T00:00:00Z')),
    ).collect();
    expect(collected).toMatchObject({ pageNodes: 0, documents: 0, fileLists: 0, reusableLists: 0 });
    expect((await store.loadDocuments([contentHash(shared)])).get(contentHash(shared))).toEqual(shared);
    await current.query(`DROP SCHEMA ${schema} CASCADE`);
  });
});
