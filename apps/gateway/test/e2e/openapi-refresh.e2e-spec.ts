import { expectOperation } from '@bindery/testing';
import { newOrganization, type OrgWithAdmin } from './identity-helpers';
import { processed, SpecServer, specWhen } from './openapi-helpers';

const SCHEMAS = 30;

/** A description split over many files, as real ones are: an entry naming one file per schema. */
function splitSpec(server: SpecServer): void {
  const refs = Array.from({ length: SCHEMAS }, (_, i) => `    S${i}:\n      $ref: ./schemas/s${i}.yaml`).join('\n');
  server.set(
    '/split/openapi.yaml',
    `openapi: 3.1.0\ninfo: {title: Split, version: "1"}\npaths:\n  /things:\n    get:\n      responses:\n        "200":\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: "#/components/schemas/S0"}\ncomponents:\n  schemas:\n${refs}\n`,
    '"entry-1"',
  );
  for (let i = 0; i < SCHEMAS; i++)
    server.set(`/split/schemas/s${i}.yaml`, `type: object\nproperties:\n  f${i}: {type: string}\n`, `"s${i}-1"`);
}

describe('OpenAPI: refreshing a multi-file spec', () => {
  const server = new SpecServer();
  let org: OrgWithAdmin;
  let base: string;

  beforeAll(async () => {
    await server.start();
    org = await newOrganization('OpenAPI Refresh Org');
    base = `/v1/orgs/${org.organizationId}/openapi`;
  });
  afterAll(() => server.stop());

  it('revalidates every file with its validators, makes no new version when none changed, and one when a file did', async () => {
    const admin = org.admin.client;
    splitSpec(server);
    const url = server.url('/split/openapi.yaml');
    expectOperation(await admin.post(base, { slug: 'split', source: { url } }), 'createOpenAPISpec', 201);
    const first = await specWhen(admin, org.organizationId, 'split', processed);
    expect(first.lastProcessErrorCode).toBeUndefined();
    expect(first.lastVersion).toBeDefined();
    expect(server.conditional).toBe(0);

    // The same URL again: one conditional request per file, every one answered 304, nothing else.
    const hitsBefore = [...server.hits.values()].reduce((a, b) => a + b, 0);
    expectOperation(await admin.put(`${base}/split`, { source: { url } }), 'createOrUpdateOpenAPISpecBySlug', 200);
    const again = await specWhen(admin, org.organizationId, 'split', processed);
    const hitsAfter = [...server.hits.values()].reduce((a, b) => a + b, 0);
    expect(hitsAfter - hitsBefore).toBe(SCHEMAS + 1);
    expect(server.conditional).toBe(SCHEMAS + 1);
    expect(server.notModified).toBe(SCHEMAS + 1);
    expect(again.lastVersion).toBe(first.lastVersion);
    expect(again.lastProcessErrorCode).toBeUndefined();
    const versions = expectOperation<{ items: Array<{ id: string }> }>(
      await admin.get(`${base}/split/versions`),
      'listOpenAPISpecVersions',
      200,
    );
    expect(versions.items.map((v) => v.id)).toEqual([first.lastVersion]);

    // One schema file changed (new body, new ETag): processed anew, a new version holding the change.
    server.set('/split/schemas/s7.yaml', 'type: object\nproperties:\n  renamed: {type: integer}\n', '"s7-2"');
    expectOperation(await admin.put(`${base}/split`, { source: { url } }), 'createOrUpdateOpenAPISpecBySlug', 200);
    const changed = await specWhen(admin, org.organizationId, 'split', processed);
    expect(changed.lastProcessErrorCode).toBeUndefined();
    expect(changed.lastVersion).not.toBe(first.lastVersion);
    const latest = expectOperation<Record<string, unknown>>(
      await admin.get(`${base}/split/versions/latest/content`),
      'getLatestOpenAPISpecVersionContent',
      200,
    );
    expect(JSON.stringify(latest)).toContain('renamed');
  });
});
