import { createServiceDataSource, newId } from '@bindery/platform';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentEntities } from '../../src/database/data-source';
import { SPACES_BY_IDS_SQL, SpacesRepository } from '../../src/store/spaces.repository';
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
async function plansOfBatchedRead(): Promise<{ generic: number; custom: number }> {
  const rows: Array<{ generic_plans: string; custom_plans: string }> = await service.query(
    'SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE statement = $1',
    [SPACES_BY_IDS_SQL],
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
