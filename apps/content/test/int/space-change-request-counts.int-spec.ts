import { type ChangeRequestStatus, ContentSubjects, type Space } from '@bindery/contracts';
import { newId, runMigrations } from '@bindery/platform';
import { callerFor, type ServiceAlone } from '@bindery/testing/service-alone';
import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentMigrations } from '../../src/database/data-source';
import { SpaceChangeRequestCounts1796180000000 } from '../../src/database/migrations/1796180000000-SpaceChangeRequestCounts';
import { SpacesRepository } from '../../src/store/spaces.repository';
import { contentDataSourceOn, scratchContentSchema } from './scratch-content';
import { startContentAlone } from './content-alone';

// Content alone, its real schema; identity answers every membership as an admin's, and the caller.
let content: ServiceAlone;
let db: DataSource;
const caller = callerFor(`counter-${newId()}`);
const organizationId = newId();

beforeAll(async () => {
  content = await startContentAlone();
  db = content.get(DataSource);
});

afterAll(async () => {
  await content?.stop();
});

interface Counts {
  total: number;
  open: number;
  draft: number;
}

/** The space's change requests counted one by one: what every stored count must equal. */
async function recount(spaceId: string): Promise<Counts> {
  const [row]: Counts[] = await db.query(
    `SELECT count(*)::int AS total, (count(*) FILTER (WHERE status = 'open'))::int AS open,
       (count(*) FILTER (WHERE status = 'draft'))::int AS draft FROM change_requests WHERE space_id = $1`,
    [spaceId],
  );
  return row;
}

async function stored(spaceId: string): Promise<Counts | undefined> {
  const [row]: Array<Counts | undefined> = await db.query(
    'SELECT total, open, draft FROM space_change_request_counts WHERE space_id = $1',
    [spaceId],
  );
  return row;
}

/** The stored row, the space read (`GET /v1/spaces/{id}`) and the lists' counters all equal the recount. */
async function expectCountsOf(spaceId: string, expected: Counts): Promise<void> {
  expect(await recount(spaceId)).toEqual(expected);
  expect(await stored(spaceId)).toEqual(expected);
  const read: Space = await content.send(ContentSubjects.spaceGet, { spaceId }, { caller });
  expect(read).toMatchObject({ changeRequests: expected.total, changeRequestsOpen: expected.open, changeRequestsDraft: expected.draft });
  const listed = (await content.get(SpacesRepository).counters([spaceId])).get(spaceId);
  expect(listed).toMatchObject({ changeRequests: expected.total, changeRequestsOpen: expected.open, changeRequestsDraft: expected.draft });
}

async function newSpace(title: string): Promise<Space> {
  const space: Space = await content.send(ContentSubjects.spaceCreate, { organizationId, title }, { caller });
  // Rules of its own, so a merge does not ask identity for the organization's.
  await db.query(`UPDATE spaces SET merge_rules = '{"type":"none"}' WHERE id = $1`, [space.id]);
  return space;
}

const open = (spaceId: string): Promise<{ id: string }> =>
  content.send(ContentSubjects.changeRequestCreate, { spaceId, subject: 'counted' }, { caller });
const setStatus = (spaceId: string, changeRequestId: string, status: ChangeRequestStatus) =>
  content.send(ContentSubjects.changeRequestUpdate, { spaceId, changeRequestId, status }, { caller });

describe('space_change_request_counts (kept by triggers on change_requests)', () => {
  it('stays exact through concurrent opens and every status change', async () => {
    const space = await newSpace('Counted');
    const other = await newSpace('Elsewhere');
    // Opens of one space at once (numbering serialises them; the counts row must not lose any),
    // interleaved with another space's.
    const opened = await Promise.all([
      ...Array.from({ length: 12 }, () => open(space.id)),
      ...Array.from({ length: 3 }, () => open(other.id)),
    ]);
    const [a, b, c, d] = opened;
    await expectCountsOf(space.id, { total: 12, open: 12, draft: 0 });
    await expectCountsOf(other.id, { total: 3, open: 3, draft: 0 });

    await setStatus(space.id, a.id, 'draft');
    await setStatus(space.id, b.id, 'draft');
    await expectCountsOf(space.id, { total: 12, open: 10, draft: 2 });
    await setStatus(space.id, a.id, 'archived');
    await setStatus(space.id, c.id, 'archived');
    await expectCountsOf(space.id, { total: 12, open: 9, draft: 1 });
    // Setting the status a change request already has changes no count.
    await setStatus(space.id, b.id, 'draft');
    await setStatus(space.id, a.id, 'open');
    await expectCountsOf(space.id, { total: 12, open: 10, draft: 1 });

    await content.send(ContentSubjects.changeRequestMerge, { spaceId: space.id, changeRequestId: d.id }, { caller });
    await content.send(ContentSubjects.changeRequestMerge, { spaceId: space.id, changeRequestId: a.id }, { caller });
    await expectCountsOf(space.id, { total: 12, open: 8, draft: 1 });
    // An edit (no status) leaves them as they are.
    await content.send(ContentSubjects.changeRequestUpdate, { spaceId: space.id, changeRequestId: b.id, subject: 'renamed' }, { caller });
    await expectCountsOf(space.id, { total: 12, open: 8, draft: 1 });
    await expectCountsOf(other.id, { total: 3, open: 3, draft: 0 });
  });

  it('counts a space with no change request as 0 (no row) and keeps them while it is deleted and restored', async () => {
    const space = await newSpace('Empty');
    expect(await stored(space.id)).toBeUndefined();
    const read: Space = await content.send(ContentSubjects.spaceGet, { spaceId: space.id }, { caller });
    expect(read).toMatchObject({ changeRequests: 0, changeRequestsOpen: 0, changeRequestsDraft: 0 });

    await open(space.id);
    await content.send(ContentSubjects.spaceDelete, { spaceId: space.id }, { caller });
    await content.send(ContentSubjects.spaceRestore, { spaceId: space.id }, { caller });
    await expectCountsOf(space.id, { total: 1, open: 1, draft: 0 });
  });

  it('follows deletes of several spaces’ change requests in one statement, and a purged space’s row goes with it', async () => {
    const [first, second, purged] = await Promise.all([newSpace('First'), newSpace('Second'), newSpace('Purged')]);
    const firsts = await Promise.all([open(first.id), open(first.id), open(first.id)]);
    const seconds = await Promise.all([open(second.id), open(second.id)]);
    await Promise.all([open(purged.id), open(purged.id)]);
    await setStatus(first.id, firsts[0].id, 'draft');
    // Nothing deletes single change requests today; a statement that does is still counted.
    await db.query('DELETE FROM change_requests WHERE id = ANY($1)', [[firsts[0].id, firsts[1].id, seconds[0].id]]);
    await expectCountsOf(first.id, { total: 1, open: 1, draft: 0 });
    await expectCountsOf(second.id, { total: 1, open: 1, draft: 0 });

    await db.query(`UPDATE spaces SET deleted_at = now() - interval '30 days' WHERE id = $1`, [purged.id]);
    expect(await content.get(SpacesRepository).purgeDeletedBefore(new Date(Date.now() - 7 * 24 * 3600 * 1000))).toBeGreaterThanOrEqual(1);
    expect(await stored(purged.id)).toBeUndefined();
    expect(await recount(purged.id)).toEqual({ total: 0, open: 0, draft: 0 });
    await expectCountsOf(first.id, { total: 1, open: 1, draft: 0 });
  });

  it('counts a status change and a delete of one change request in one transaction exactly (the status trigger runs at commit)', async () => {
    const space = await newSpace('One transaction');
    const [a, b] = await Promise.all([open(space.id), open(space.id)]);
    await db.transaction(async (manager) => {
      await manager.query(`UPDATE change_requests SET status = 'draft' WHERE id = $1`, [a.id]);
      await manager.query(`UPDATE change_requests SET status = 'archived' WHERE id = $1`, [a.id]);
      await manager.query(`UPDATE change_requests SET status = 'draft' WHERE id = $1`, [b.id]);
      await manager.query('DELETE FROM change_requests WHERE id = $1', [b.id]);
    });
    await expectCountsOf(space.id, { total: 1, open: 0, draft: 0 });
  });
});

describe('the migration that adds the counts', () => {
  const open: DataSource[] = [];
  afterAll(async () => {
    for (const ds of open) if (ds.isInitialized) await ds.destroy();
  });

  it('backfills every space’s counts from its change requests', async () => {
    const scratch = await scratchContentSchema('counts');
    const dataSource = async (migrations: typeof contentMigrations) => {
      const ds = await contentDataSourceOn(scratch, migrations);
      open.push(ds);
      return ds;
    };
    const before = await dataSource(contentMigrations.slice(0, contentMigrations.indexOf(SpaceChangeRequestCounts1796180000000)));
    await runMigrations(before, scratch.schema);
    for (const [space, statuses] of Object.entries({ s1: ['open', 'open', 'draft', 'merged', 'archived'], s2: ['merged'], s3: [] })) {
      await before.query(
        `INSERT INTO spaces (id, organization_id, title, revision_id, share_key, position, created_at, updated_at)
         VALUES ($1, 'org', $1, 'r', 'k', 'a0', now(), now())`,
        [space],
      );
      await before.query(
        `INSERT INTO change_requests (id, space_id, organization_id, number, status, created_by, revision_id, revision_initial)
         SELECT $1 || '-' || n, $1, 'org', n, status, '{}', 'r', 'r' FROM unnest($2::text[]) WITH ORDINALITY AS t(status, n)`,
        [space, statuses],
      );
    }
    await before.destroy();

    // Up to this migration: later ones may change the triggers, not what it backfilled.
    const after = await dataSource(contentMigrations.slice(0, contentMigrations.indexOf(SpaceChangeRequestCounts1796180000000) + 1));
    expect(await runMigrations(after, scratch.schema)).toBe(1);
    expect(await after.query('SELECT space_id, total, open, draft FROM space_change_request_counts ORDER BY space_id')).toEqual([
      { space_id: 's1', total: 5, open: 2, draft: 1 },
      { space_id: 's2', total: 1, open: 0, draft: 0 },
    ]);
    // The triggers run from then on.
    await after.query(`UPDATE change_requests SET status = 'open' WHERE id = 's2-1'`);
    expect(await after.query(`SELECT open FROM space_change_request_counts WHERE space_id = 's2'`)).toEqual([{ open: 1 }]);
  });
});
