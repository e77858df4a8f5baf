import { createServiceDataSource, newId } from '@bindery/platform';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEntities } from '../../src/database/data-source';
import { SPACES_BY_IDS_SQL, SPACES_WITH_COUNTERS_BY_IDS_SQL, SpacesRepository } from '../../src/store/spaces.repository';
import { scratchContentDataSource } from './scratch-content';

/** Spaces in the scratch table: enough that an index read costs less than a scan, as in a real deployment. */
const SPACE_COUNT = 2000;

// The batched space read (every request's access check) on content's own kind of connection: one
// pooled connection that runs every parameterised statement as a named prepared statement.
let migrated: DataSource;
let service: DataSource;
let spaces: SpacesRepository;
const ids: string[] = [];

beforeAll(async () => {
  migrated = await scratchContentDataSource('spaces_by_ids');
  const organizationId = newId();
  for (let i = 0; i < SPACE_COUNT; i++) ids.push(newId());
  await migrated.query(
    `INSERT INTO spaces (id, organization_id, title, position, revision_id, share_key, created_at, updated_at)
     SELECT id, $2, 'Space ' || n, 'a' || lpad(n::text, 5, '0'), 'rev-' || n, 'key-' || n, now(), now() FROM unnest($1::text[]) WITH ORDINALITY AS t(id, n)`,
    [ids, organizationId],
  );
  // Counters of a few spaces (the others have no counter rows: zeros).
  await migrated.query('INSERT INTO space_change_request_counts (space_id, total, open, draft) VALUES ($1, 7, 3, 2), ($2, 1, 0, 1)', [
    ids[5],
    ids[6],
  ]);
  await migrated.query('INSERT INTO space_comment_counts (space_id, open, version) VALUES ($1, 4, 9), ($2, 11, 12)', [ids[5], ids[7]]);
  await migrated.query('ANALYZE spaces');
  const { url, schema } = migrated.options as { url: string; schema: string };
  service = createServiceDataSource({ url, schema, entities: contentEntities, migrations: [], poolSize: 1 });
  await service.initialize();
  spaces = new SpacesRepository(service);
});

afterAll(async () => {
  await service?.destroy();
  await migrated?.destroy();
});

/** How Postgres ran the batched read's prepared statement on the one connection so far. */
async function plansOfBatchedRead(statement = SPACES_BY_IDS_SQL): Promise<{ generic: number; custom: number }> {
  const rows: Array<{ generic_plans: string; custom_plans: string }> = await service.query(
    'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1',
    [statement],
  );
  expect(rows).toHaveLength(1);
  return { generic: Number(rows[0].generic_plans), custom: Number(rows[0].custom_plans) };
}

describe('SpacesRepository.find outside a transaction (the batched read)', () => {
  it('answers each id of a batch with its row, null for an unknown id and a copy for an id asked twice', async () => {
    const [a, b] = [ids[3], ids[1500]];
    const [first, second, unknown, again] = await Promise.all([
      spaces.find(a),
      spaces.find(b),
      spaces.find(`unknown-${newId()}`),
      spaces.find(a),
    ]);
    expect(first).toMatchObject({ id: a, title: 'Space 4', revisionId: 'rev-4', deletedAt: null });
    expect(second).toMatchObject({ id: b, title: 'Space 1501' });
    expect(unknown).toBeNull();
    expect(again).toEqual(first);
    expect(again).not.toBe(first);
  });

  it('runs on the cached generic plan once Postgres tried its custom plans: it is not planned on every call', async () => {
    // Batches of one to four ids (a batch of one has its own statement); Postgres tries five custom plans first.
    const batch = (i: number) => Promise.all([spaces.find(ids[i]), spaces.find(ids[i + 100 * (i % 3)]), spaces.find(ids[i + 700])]);
    for (let i = 0; i < 8; i++) await batch(i);
    const warm = await plansOfBatchedRead();
    expect(warm.generic).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) await batch(i * 11);
    const after = await plansOfBatchedRead();
    expect(after).toEqual({ generic: warm.generic + 10, custom: warm.custom });
  });

  it('reads a batch of one id with the primary-key lookup statement', async () => {
    const before = await plansOfBatchedRead();
    expect(await spaces.find(ids[42])).toMatchObject({ id: ids[42], title: 'Space 43' });
    expect(await plansOfBatchedRead()).toEqual(before);
  });
});

/**
 * How often the connection ran a statement as a named prepared statement (its plans: one per run).
 * A statement is named from its second run (see `preparingClientClass`), so callers run it first.
 */
async function executionsOf(statement: string): Promise<number> {
  const rows: Array<{ generic_plans: string; custom_plans: string }> = await service.query(
    'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1',
    [statement],
  );
  return rows.length === 0 ? 0 : Number(rows[0].generic_plans) + Number(rows[0].custom_plans);
}

describe('SpacesRepository.findWithCounters (a space read) in the batched read', () => {
  const counters = (changeRequests: number, changeRequestsOpen: number, changeRequestsDraft: number, comments: number) => ({
    changeRequests,
    changeRequestsOpen,
    changeRequestsDraft,
    comments,
  });

  it('shares one statement with the plain reads of its turn, each space with its own counters', async () => {
    for (let i = 0; i < 2; i++) await Promise.all([spaces.findWithCounters(ids[10]), spaces.find(ids[11])]);
    const before = await executionsOf(SPACES_WITH_COUNTERS_BY_IDS_SQL);
    const [plain, five, six, seven, none, unknown, fiveAgain] = await Promise.all([
      spaces.find(ids[4]),
      spaces.findWithCounters(ids[5]),
      spaces.findWithCounters(ids[6]),
      spaces.findWithCounters(ids[7]),
      spaces.findWithCounters(ids[8]),
      spaces.findWithCounters(`unknown-${newId()}`),
      spaces.findWithCounters(ids[5]),
    ]);
    expect(await executionsOf(SPACES_WITH_COUNTERS_BY_IDS_SQL)).toBe(before + 1);
    expect(plain).toMatchObject({ id: ids[4], title: 'Space 5' });
    expect(plain).not.toHaveProperty('counted_total');
    expect(five).toEqual({ space: expect.objectContaining({ id: ids[5], title: 'Space 6' }), counters: counters(7, 3, 2, 4) });
    expect(five!.space).not.toHaveProperty('counted_total');
    expect(six?.counters).toEqual(counters(1, 0, 1, 0));
    expect(seven?.counters).toEqual(counters(0, 0, 0, 11));
    expect(none?.counters).toEqual(counters(0, 0, 0, 0));
    expect(unknown).toBeNull();
    expect(fiveAgain).toEqual(five);
    expect(fiveAgain!.space).not.toBe(five!.space);
  });

  it('answers a space read alone as the batch does', async () => {
    expect(await spaces.findWithCounters(ids[5])).toEqual({
      space: expect.objectContaining({ id: ids[5], title: 'Space 6' }),
      counters: counters(7, 3, 2, 4),
    });
  });

  it('runs the counted batch on the cached generic plan once Postgres tried its custom plans', async () => {
    const batch = (i: number) =>
      Promise.all([spaces.findWithCounters(ids[i]), spaces.find(ids[i + 100 * (i % 3)]), spaces.find(ids[i + 700])]);
    for (let i = 0; i < 8; i++) await batch(i);
    const warm = await plansOfBatchedRead(SPACES_WITH_COUNTERS_BY_IDS_SQL);
    expect(warm.generic).toBeGreaterThan(0);
    for (let i = 0; i < 10; i++) await batch(i * 11);
    expect(await plansOfBatchedRead(SPACES_WITH_COUNTERS_BY_IDS_SQL)).toEqual({ generic: warm.generic + 10, custom: warm.custom });
  });
});
