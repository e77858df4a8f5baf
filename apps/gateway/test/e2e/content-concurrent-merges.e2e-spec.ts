import { expectError, expectOperation } from '@bindery/testing';
import type { Client } from 'pg';
import {
  type ChangeRequestBody,
  contentDatabase,
  createChangeRequest,
  documentOf,
  editContent,
  spacePage,
  spaceWithPages,
  textsOf,
} from './content-helpers';

/**
 * A merge reads and computes without a lock, then writes everything in one statement guarded by
 * compare-and-sets on the change request and the space. Each race is made deterministic by holding,
 * from a connection of the test, the row lock the merge's statement must wait for, changing the
 * row meanwhile, and committing only once the merge waits for it.
 */
describe('a merge racing other writes', () => {
  let db: Client;
  beforeAll(async () => {
    db = await contentDatabase();
  });
  afterEach(async () => {
    // A test that failed midway must not leave its transaction (and its locks) open for the next.
    await db.query('ROLLBACK');
  });
  afterAll(async () => {
    await db.end();
  });

  /** The statements (of other sessions) that wait for a lock and match `pattern`, once there are `count` of them. */
  async function lockWaiters(pattern: string, count: number): Promise<Array<{ query: string; one_statement: boolean }>> {
    for (;;) {
      const { rows } = await db.query<{ query: string; one_statement: boolean }>(
        `SELECT query, xact_start = query_start AS one_statement FROM pg_stat_activity
          WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid() AND query LIKE $1`,
        [pattern],
      );
      if (rows.length >= count) return rows;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function editedChangeRequest(prefix: string, names: string[]) {
    const setup = await spaceWithPages(prefix, names);
    const { client, space, pageOf } = setup;
    const crs: ChangeRequestBody[] = [];
    for (const name of names) {
      const cr = await createChangeRequest(client, space.id, `Edit ${name}`);
      await editContent(client, space.id, cr.id, [
        { operation: 'update_page', page: pageOf.get(name)!, document: documentOf(['a', `${name} after`]) },
      ]);
      crs.push(cr);
    }
    return { ...setup, crs };
  }

  const spaceRevision = async (client: Awaited<ReturnType<typeof spaceWithPages>>['client'], spaceId: string) =>
    expectOperation<{ revision: string }>(await client.get(`/v1/spaces/${spaceId}`), 'getSpaceById', 200).revision;

  it('writes a merge as one statement, which finds the change request archived meanwhile and writes nothing', async () => {
    const { client, space, pageOf, crs } = await editedChangeRequest('merge-archived', ['one']);
    const before = await spaceRevision(client, space.id);
    await db.query('BEGIN');
    await db.query(`UPDATE content.change_requests SET status = 'archived' WHERE id = $1`, [crs[0].id]);
    const merging = client.post(`/v1/spaces/${space.id}/change-requests/${crs[0].id}/merge`);

    // The merge read the change request as open (the archiving is not committed) and computed;
    // it waits in its one statement (no transaction opened before it) for the change request's row.
    const [waiting] = await lockWaiters('%change_requests%', 1);
    expect(waiting.query).toMatch(/^WITH w0 AS/);
    expect(waiting.query).toContain('UPDATE change_requests SET status');
    expect(waiting.one_statement).toBe(true);
    await db.query('COMMIT');

    expectError(await merging, 400, /is archived/);
    expect(await spaceRevision(client, space.id)).toBe(before);
    expect(textsOf(await spacePage(client, space.id, pageOf.get('one')!))).toEqual(['one before']);
  });

  it('answers 403 for a space locked while the merge computed, and leaves the change request open', async () => {
    const { client, space, crs } = await editedChangeRequest('merge-locked', ['one']);
    const before = await spaceRevision(client, space.id);
    await db.query('BEGIN');
    await db.query(`UPDATE content.spaces SET edit_mode = 'locked' WHERE id = $1`, [space.id]);
    const merging = client.post(`/v1/spaces/${space.id}/change-requests/${crs[0].id}/merge`);
    await lockWaiters('%UPDATE spaces%', 1);
    await db.query('COMMIT');

    expectError(await merging, 403, /space is locked/);
    const cr = expectOperation<ChangeRequestBody>(
      await client.get(`/v1/spaces/${space.id}/change-requests/${crs[0].id}`),
      'getChangeRequestById',
      200,
    );
    expect(cr.status).toBe('open');
    expect(await spaceRevision(client, space.id)).toBe(before);
  });

  it('merges again onto the revision of a merge that committed first, keeping both', async () => {
    const names = ['one', 'two'];
    const { client, space, pageOf, crs } = await editedChangeRequest('merges-race', names);
    const before = await spaceRevision(client, space.id);
    // Both merges compute against the same space revision, then wait for the space row.
    await db.query('BEGIN');
    await db.query('SELECT 1 FROM content.spaces WHERE id = $1 FOR NO KEY UPDATE', [space.id]);
    const merging = crs.map((cr) => client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/merge`));
    await lockWaiters('%UPDATE spaces%', 2);
    await db.query('COMMIT');

    const merged = (await Promise.all(merging)).map((r) => expectOperation<{ revision: string }>(r, 'mergeChangeRequest', 200).revision);
    // One of them lost its compare-and-set and merged onto the other's revision.
    const { rows } = await db.query<{ id: string; parents: string[] }>('SELECT id, parents FROM content.revisions WHERE id = ANY($1)', [
      merged,
    ]);
    const mainParents = rows.map((r) => r.parents[0]).sort();
    expect(mainParents).toEqual([before, rows.find((r) => r.parents[0] === before)!.id].sort());
    expect(merged).toContain(await spaceRevision(client, space.id));
    for (const name of names) expect(textsOf(await spacePage(client, space.id, pageOf.get(name)!))).toEqual([`${name} after`]);
  });
});
