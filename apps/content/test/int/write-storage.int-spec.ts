import type { User } from '@bindery/contracts';
import { newId, WriteBatch } from '@bindery/platform';
import type { DataSource, EntityManager } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHash } from '../../src/model/content-hash';
import { ChangeRequestsRepository } from '../../src/store/change-requests.repository';
import { type RevisionRow, RevisionsRepository } from '../../src/store/revisions.repository';
import { scratchContentDataSource } from './scratch-content';

// How the rows every edit and merge writes are stored (`WriteFriendlyStorage` migration), on a
// scratch schema of its own: no other test's rows share its pages.
let ds: DataSource;
let changeRequests: ChangeRequestsRepository;
let revisions: RevisionsRepository;
const organizationId = newId();
const spaceId = newId();
const author: User = { object: 'user', id: 'author', displayName: 'Author', urls: { location: 'http://x/v1/users/author' } };

beforeAll(async () => {
  ds = await scratchContentDataSource('writes');
  changeRequests = new ChangeRequestsRepository(ds);
  revisions = new RevisionsRepository(ds);
  await ds.query(
    `INSERT INTO spaces (id, organization_id, title, position, revision_id, share_key, created_at, updated_at)
     VALUES ($1, $2, 'Written', 'a0', 'rev-0', 'key-0', now(), now())`,
    [spaceId, organizationId],
  );
});

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
});

/** Opens a change request as `ChangeRequestsService` does (every one the same size); answers where its row is stored. */
async function open(): Promise<{ id: string; revisionId: string; block: number }> {
  const id = newId();
  const revisionId = newId();
  const now = new Date();
  await changeRequests.insertNumbered({
    id,
    spaceId,
    organizationId,
    status: 'open',
    subject: 'stored',
    description: null,
    createdBy: author,
    contributors: [],
    revisionId,
    revisionInitial: revisionId,
    revisionMergedAncestor: null,
    revisionMerged: null,
    mergedBy: null,
    mergedAt: null,
    createdAt: now,
    updatedAt: now,
  });
  const [{ block }]: Array<{ block: number }> = await ds.query(
    'SELECT (ctid::text::point)[0]::int AS block FROM change_requests WHERE id = $1',
    [id],
  );
  return { id, revisionId, block };
}

/** Updates and HOT updates (no index entry written) of `table` so far in the caller's transaction. */
async function updatesIn(manager: EntityManager, table: string): Promise<{ updated: number; hot: number }> {
  const [row]: Array<{ updated: number; hot: number }> = await manager.query(
    `SELECT pg_stat_get_xact_tuples_updated($1::regclass)::int AS updated, pg_stat_get_xact_tuples_hot_updated($1::regclass)::int AS hot`,
    [table],
  );
  return row;
}

const revisionRow = (pages: number): RevisionRow => ({
  id: newId(),
  spaceId,
  parents: [newId()],
  pages: Array.from({ length: pages }, (_, i) => contentHash({ page: i })),
  files: [],
  reusableContents: [],
  type: 'edits',
  mergedFrom: null,
  createdAt: new Date(),
});

describe('storage of the rows edits and merges write', () => {
  it('edits and merges a change request opened last on a page that opens filled without writing its indexes (HOT updates)', async () => {
    // Opens until one lands on the next page: the one before it is the last that page took.
    let last = await open();
    for (;;) {
      const next = await open();
      if (next.block !== last.block) break;
      last = next;
    }
    const edited = newId();
    const counted = await ds.transaction(async (manager) => {
      const edit = new WriteBatch();
      changeRequests.editUnlessChangedIn(edit, last.id, last.revisionId, { revisionId: edited, updatedAt: new Date(), editor: 'editor' });
      await edit.run(manager);
      const merge = new WriteBatch();
      const now = new Date();
      changeRequests.updateUnlessChangedIn(merge, last.id, edited, {
        status: 'merged',
        revisionMerged: newId(),
        mergedBy: author,
        mergedAt: now,
        updatedAt: now,
      });
      await merge.run(manager);
      return updatesIn(manager, 'change_requests');
    });
    expect(counted).toEqual({ updated: 2, hot: 2 });
    expect(await changeRequests.find(spaceId, last.id)).toMatchObject({ status: 'merged', revisionId: edited, contributors: ['editor'] });
  });

  it('stores a revision of a few dozen top-level pages in its row (no TOAST), and a larger one as before', async () => {
    const toastSize = async (): Promise<number> => {
      const [{ size }]: Array<{ size: string }> = await ds.query(
        `SELECT pg_relation_size(reltoastrelid) AS size FROM pg_class WHERE oid = 'revisions'::regclass`,
      );
      return Number(size);
    };
    const write = (revision: RevisionRow) =>
      ds.transaction(async (manager) => {
        const batch = new WriteBatch();
        revisions.insertIn(manager, batch, revision);
        await batch.run(manager);
      });

    // 60 hashes: ~2.9 kB of row, past the 2 kB at which Postgres would move them out of line.
    const typical = revisionRow(60);
    await write(typical);
    expect(await toastSize()).toBe(0);
    expect((await new RevisionsRepository(ds).find(typical.id))?.pages).toEqual(typical.pages);

    // 400 hashes (~19 kB) do not fit a page: moved out of line, and read back the same.
    const large = revisionRow(400);
    await write(large);
    expect(await toastSize()).toBeGreaterThan(0);
    expect((await new RevisionsRepository(ds).find(large.id))?.pages).toEqual(large.pages);
  });
});
