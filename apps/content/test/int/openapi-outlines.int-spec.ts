import { newId } from '@bindery/platform';
import type { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiOutline } from '../../src/computed/openapi-outline';
import { OpenApiOutlinesRepository } from '../../src/computed/openapi-outlines.repository';
import { scratchContentDataSource } from './scratch-content';

// The stored outline of a spec is replaced only by a version processed after it: two refreshes in
// flight (an event redelivered for the previous version, a read of the slug) may answer in either
// order, and an older outline stored last would stay, since nothing refreshes it again.
let ds: DataSource;
let outlines: OpenApiOutlinesRepository;

const outline = (title: string): OpenApiOutline => ({ title, tags: [], models: [] });

beforeAll(async () => {
  ds = await scratchContentDataSource('outlines');
  outlines = new OpenApiOutlinesRepository(ds);
});

afterAll(async () => {
  if (ds?.isInitialized) await ds.destroy();
});

const stored = async (organizationId: string, slug: string) => (await outlines.find(organizationId, [slug])).get(slug);

describe('storing OpenAPI outlines', () => {
  it('keeps the newer version when an older one arrives last', async () => {
    const org = newId();
    expect(
      await outlines.store(ds.manager, org, 'pets', { hash: 'v2', versionAt: '2026-11-27T08:00:02.000Z', outline: outline('two') }),
    ).toBe(true);
    expect(
      await outlines.store(ds.manager, org, 'pets', { hash: 'v1', versionAt: '2026-11-27T08:00:01.000Z', outline: outline('one') }),
    ).toBe(false);
    expect(await stored(org, 'pets')).toMatchObject({ hash: 'v2', outline: { title: 'two' } });
  });

  it('replaces it with a later version, and storing the same version again changes nothing', async () => {
    const org = newId();
    await outlines.store(ds.manager, org, 'pets', { hash: 'v1', versionAt: '2026-11-27T08:00:01.000Z', outline: outline('one') });
    expect(
      await outlines.store(ds.manager, org, 'pets', { hash: 'v1', versionAt: '2026-11-27T08:00:01.000Z', outline: outline('one') }),
    ).toBe(false);
    expect(
      await outlines.store(ds.manager, org, 'pets', { hash: 'v3', versionAt: '2026-11-27T08:00:03.000Z', outline: outline('three') }),
    ).toBe(true);
    expect(await stored(org, 'pets')).toMatchObject({ hash: 'v3', outline: { title: 'three' } });
  });

  it('replaces an outline stored before versions were recorded, and takes one without a version as before', async () => {
    const org = newId();
    await ds.query(`INSERT INTO openapi_outlines (organization_id, slug, hash, outline) VALUES ($1, 'pets', 'v0', $2)`, [
      org,
      JSON.stringify(outline('zero')),
    ]);
    expect(
      await outlines.store(ds.manager, org, 'pets', { hash: 'v1', versionAt: '2026-11-27T08:00:01.000Z', outline: outline('one') }),
    ).toBe(true);
    expect(await outlines.store(ds.manager, org, 'pets', { hash: 'v2', outline: outline('two') })).toBe(true);
    expect(await stored(org, 'pets')).toMatchObject({ hash: 'v2' });
  });
});
