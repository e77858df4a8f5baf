import { anonymousClient } from './helpers';
import { expectError, expectOperation } from '@bindery/testing';
import { addMember, newOrganization, type OrgWithAdmin } from './identity-helpers';
import { type OpenApiSpecBody, processed, SpecServer, smallSpec, specWhen } from './openapi-helpers';

describe('OpenAPI specs', () => {
  const server = new SpecServer();
  let org: OrgWithAdmin;
  let base: string;

  beforeAll(async () => {
    await server.start();
    org = await newOrganization('OpenAPI Org');
    base = `/v1/orgs/${org.organizationId}/openapi`;
  });
  afterAll(() => server.stop());

  it('creates from text, processes in the background, versions by content, and serves every read', async () => {
    const admin = org.admin.client;
    const created = expectOperation<OpenApiSpecBody>(
      await admin.post(base, { slug: 'pets', source: { text: smallSpec() } }),
      'createOpenAPISpec',
      201,
    );
    expect(created).toMatchObject({ slug: 'pets', processingState: 'pending', visibility: 'private' });
    expect(created.urls.published).toBeUndefined();
    const done = await specWhen(admin, org.organizationId, 'pets', processed);
    expect(done.lastVersion).toBeDefined();
    expect(done.lastProcessErrorCode).toBeUndefined();

    const list = expectOperation<{ items: OpenApiSpecBody[] }>(await admin.get(`${base}?limit=1`), 'listOpenAPISpecs', 200);
    expect(list.items.map((s) => s.slug)).toEqual(['pets']);

    const versions = expectOperation<{ items: Array<{ id: string }> }>(
      await admin.get(`${base}/pets/versions`),
      'listOpenAPISpecVersions',
      200,
    );
    expect(versions.items.map((v) => v.id)).toEqual([done.lastVersion]);
    const latest = expectOperation<{ id: string }>(await admin.get(`${base}/pets/versions/latest`), 'getLatestOpenAPISpecVersion', 200);
    expect(latest.id).toBe(done.lastVersion);
    expectOperation(await admin.get(`${base}/pets/versions/${latest.id}`), 'getOpenAPISpecVersionById', 200);
    const content = expectOperation<{ filesystem: Record<string, { info: { title: string } }>; urls: { public: string | null } }>(
      await admin.get(`${base}/pets/versions/latest/content`),
      'getLatestOpenAPISpecVersionContent',
      200,
    );
    expect(Object.values(content.filesystem)[0].info.title).toBe('Pets');
    expect(content.urls.public).toBeNull();
    expectOperation(await admin.get(`${base}/pets/versions/${latest.id}/content`), 'getOpenAPISpecVersionContentById', 200);
    const raw = expectOperation(await admin.get(`${base}/pets/versions/latest/content/raw`), 'getLatestOpenAPISpecVersionContentRaw', 200);
    expect(raw).toEqual({ text: smallSpec(), format: 'json' });

    // The same bytes again: processed again, no new version. Different bytes: a new one.
    expectOperation(await admin.put(`${base}/pets`, { source: { text: smallSpec() } }), 'createOrUpdateOpenAPISpecBySlug', 200);
    expect((await specWhen(admin, org.organizationId, 'pets', processed)).lastVersion).toBe(done.lastVersion);
    expectOperation(await admin.put(`${base}/pets`, { source: { text: smallSpec('Pets 2') } }), 'createOrUpdateOpenAPISpecBySlug', 200);
    const second = await specWhen(admin, org.organizationId, 'pets', processed);
    expect(second.lastVersion).not.toBe(done.lastVersion);
    const both = expectOperation<{ items: Array<{ id: string }> }>(
      await admin.get(`${base}/pets/versions`),
      'listOpenAPISpecVersions',
      200,
    );
    expect(both.items.map((v) => v.id)).toEqual([second.lastVersion, done.lastVersion]);
    // The first version is immutable.
    const first = expectOperation<{ filesystem: Record<string, { info: { title: string } }> }>(
      await admin.get(`${base}/pets/versions/${done.lastVersion}/content`),
      'getOpenAPISpecVersionContentById',
      200,
    );
    expect(Object.values(first.filesystem)[0].info.title).toBe('Pets');

    // PUT of a new slug creates it (201); DELETE answers 204, also when nothing is left.
    expectOperation(await admin.put(`${base}/pets-too`, { source: { text: smallSpec() } }), 'createOrUpdateOpenAPISpecBySlug', 201);
    expectOperation(await admin.delete(`${base}/pets-too`), 'deleteOpenAPISpecBySlug', 204);
    expectOperation(await admin.delete(`${base}/pets-too`), 'deleteOpenAPISpecBySlug', 204);
    expectError(await admin.get(`${base}/pets-too`), 404);
  });

  it('processes a multi-file YAML spec from a loopback server allowed by configuration, bundling every $ref', async () => {
    const admin = org.admin.client;
    const url = server.url('/starter/openapi.yaml');
    expectOperation(await admin.post(base, { slug: 'cafe', source: { url } }), 'createOpenAPISpec', 201);
    const spec = await specWhen(admin, org.organizationId, 'cafe', processed);
    expect(spec).toMatchObject({ sourceURL: url, lastProcessedErrors: [] });
    expect(spec.lastVersion).toBeDefined();
    const content = expectOperation<{ filesystem: Record<string, unknown> }>(
      await admin.get(`${base}/cafe/versions/latest/content`),
      'getLatestOpenAPISpecVersionContent',
      200,
    );
    const text = JSON.stringify(content.filesystem);
    // Only internal pointers are left; the code samples (plain text files) are inlined.
    expect(text).not.toMatch(/"\$ref":"(?!#)/);
    expect(text).toContain('/menu');
    const raw = expectOperation<{ text: string; format: string }>(
      await admin.get(`${base}/cafe/versions/latest/content/raw`),
      'getLatestOpenAPISpecVersionContentRaw',
      200,
    );
    expect(raw.format).toBe('yaml');
    expect(raw.text).toContain('$ref: paths/menu.yaml');
    const version = expectOperation<{ url: string }>(await admin.get(`${base}/cafe/versions/latest`), 'getLatestOpenAPISpecVersion', 200);
    expect(version.url).toBe(url);

    // A PUT with the same URL fetches it again.
    const before = server.hits.get('/starter/openapi.yaml') ?? 0;
    expectOperation(await admin.put(`${base}/cafe`, { source: { url } }), 'createOrUpdateOpenAPISpecBySlug', 200);
    const again = await specWhen(admin, org.organizationId, 'cafe', processed);
    expect(server.hits.get('/starter/openapi.yaml')).toBe(before + 1);
    expect(again.lastVersion).toBe(spec.lastVersion);
  });

  it('serves public specs without a token, with ETag revalidation, and never private ones', async () => {
    const admin = org.admin.client;
    expectOperation(await admin.post(base, { slug: 'public-pets', source: { text: smallSpec('Public') } }), 'createOpenAPISpec', 201);
    const spec = await specWhen(admin, org.organizationId, 'public-pets', processed);
    const path = `/v1/openapi/${spec.id}/published`;
    expectError(await anonymousClient().get(path), 404);

    const made = expectOperation<OpenApiSpecBody>(
      await admin.patch(`${base}/public-pets`, { visibility: 'public' }),
      'updateOpenAPISpecBySlug',
      200,
    );
    expect(made.visibility).toBe('public');
    expect(made.urls.published).toMatch(new RegExp(`${path}$`));
    const served = await anonymousClient().get<{ info: { title: string } }>(path);
    expect(served.status).toBe(200);
    expect(served.body.info.title).toBe('Public');
    const etag = served.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
    expect(served.headers.get('cache-control')).toContain('no-cache');
    const revalidated = await anonymousClient().request('GET', path, undefined, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    const content = expectOperation<{ urls: { public: string | null } }>(
      await admin.get(`${base}/public-pets/versions/latest/content`),
      'getLatestOpenAPISpecVersionContent',
      200,
    );
    expect(content.urls.public).toBe(made.urls.published);

    expectOperation(await admin.patch(`${base}/public-pets`, { visibility: 'private' }), 'updateOpenAPISpecBySlug', 200);
    expectError(await anonymousClient().get(path), 404);
    expectError(await anonymousClient().request('GET', path, undefined, { 'if-none-match': etag }), 404);
    expectError(await anonymousClient().get('/v1/openapi/not..an-id/published'), 400);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const admin = org.admin.client;
    const text = smallSpec();
    for (const slug of ['', '-pets', 'pets-', 'pe--ts', 'pe_ts', 'pe ts', 'a'.repeat(101)]) {
      expectError(await admin.post(base, { slug, source: { text } }), 400, /slug/);
    }
    expectError(await admin.put(`${base}/pe_ts`, { source: { text } }), 400, /specSlug/);
    expectError(await admin.post(base, { slug: 'both', source: { text, url: 'https://example.com/a.yaml' } }), 400, /exclusive/);
    expectError(await admin.post(base, { slug: 'neither', source: {} }), 400, /url or text/);
    expectError(await admin.post(base, { slug: 'nosource' }), 400, /source/);
    expectError(await admin.post(base, { slug: 'empty', source: { text: '' } }), 400, /text/);
    expectError(
      await admin.post(base, { slug: 'ftp', source: { url: 'ftp://example.com/a.yaml' } }),
      400,
      /url must be an http or https URL/,
    );
    expectError(await admin.post(base, { slug: 'long', source: { url: `https://example.com/${'a'.repeat(2048)}` } }), 400, /url/);
    for (const url of [
      `http://127.0.0.1:${server.port}/starter/openapi.yaml`,
      'http://10.1.2.3/openapi.yaml',
      'http://169.254.169.254/latest/meta-data',
      'http://192.168.0.1/openapi.yaml',
    ]) {
      expectError(
        await admin.post(base, { slug: 'private-address', source: { url } }),
        400,
        /source\.url: .* (loopback|private|link-local)/,
      );
    }
    expectError(await admin.post(base, { slug: 'ipv6-loopback', source: { url: 'http://[::1]/openapi.yaml' } }), 400, /source\.url/);
    expectError(await admin.patch(`${base}/nothing-here`, { visibility: 'secret' }), 400, /visibility/);
    expectError(await admin.get(`${base}?limit=0`), 400, /limit/);
    expectOperation(await admin.post(base, { slug: 'twice', source: { text } }), 'createOpenAPISpec', 201);
    expectError(await admin.post(base, { slug: 'twice', source: { text } }), 409, /slug/);
  });

  it('reports what went wrong in processing, keeps the last good version, and never crashes the worker', async () => {
    const admin = org.admin.client;
    const doc = (extra: string) =>
      `openapi: 3.1.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {description: ok}\n${extra}`;
    server.set('/bad/cycle-a.yaml', doc('components:\n  schemas:\n    A:\n      $ref: ./cycle-b.yaml\n'));
    server.set('/bad/cycle-b.yaml', '$ref: ./cycle-a.yaml#/components/schemas/A\n');
    server.set('/bad/escape.yaml', doc(`components:\n  schemas:\n    A:\n      $ref: http://127.0.0.1:${server.port}/bad/x.yaml\n`));
    const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [i, name] of ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].entries()) {
      const prev = 'abcdefgh'[i];
      laughs.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    server.set('/bad/bomb.yaml', laughs.join('\n'));
    const cases: Array<[string, Record<string, string>, string, RegExp]> = [
      ['not-yaml', { text: '{{{ not : yaml : [' }, 'PARSE_ERROR', /not valid JSON or YAML/],
      ['scalar', { text: 'just words' }, 'PARSE_ERROR', /not an OpenAPI or Swagger document/],
      ['invalid', { text: 'openapi: 3.1.0\ninfo: {title: t}\npaths: {}\n' }, 'PARSE_ERROR', /version/],
      ['bomb', { url: server.url('/bad/bomb.yaml') }, 'PARSE_ERROR', /aliases/],
      ['cycle', { url: server.url('/bad/cycle-a.yaml') }, 'PARSE_ERROR', /\$ref cycle/],
      ['escape', { url: server.url('/bad/escape.yaml') }, 'FETCH_ERROR', /own origin/],
      [
        'text-ref',
        { text: doc('components:\n  schemas:\n    A:\n      $ref: ./other.yaml\n') },
        'PARSE_ERROR',
        /cannot reference other files/,
      ],
      // Retried with backoff before it counts as failed.
      ['missing', { url: server.url('/bad/missing.yaml') }, 'FETCH_ERROR', /answered 404/],
    ];
    for (const [slug, source] of cases) expectOperation(await admin.post(base, { slug, source }), 'createOpenAPISpec', 201);
    for (const [slug, , code, message] of cases) {
      const spec = await specWhen(admin, org.organizationId, slug, processed);
      expect(spec.lastProcessErrorCode).toBe(code);
      expect(spec.lastProcessedErrors.map((e) => e.message).join('\n')).toMatch(message);
      expect(spec.lastVersion).toBeUndefined();
      expectError(await admin.get(`${base}/${slug}/versions/latest`), 404);
    }
    expect(server.hits.get('/bad/missing.yaml')).toBeGreaterThan(1);

    // A good version, then a broken source: the error is reported and the good version stays.
    expectOperation(await admin.put(`${base}/invalid`, { source: { text: smallSpec('Good') } }), 'createOrUpdateOpenAPISpecBySlug', 200);
    const good = await specWhen(admin, org.organizationId, 'invalid', processed);
    expect(good.lastProcessErrorCode).toBeUndefined();
    expectOperation(await admin.put(`${base}/invalid`, { source: { text: '{{{ not : yaml : [' } }), 'createOrUpdateOpenAPISpecBySlug', 200);
    const broken = await specWhen(admin, org.organizationId, 'invalid', processed);
    expect(broken.lastProcessErrorCode).toBe('PARSE_ERROR');
    expect(broken.lastVersion).toBe(good.lastVersion);
    expect(
      expectOperation<{ text: string }>(
        await admin.get(`${base}/invalid/versions/latest/content/raw`),
        'getLatestOpenAPISpecVersionContentRaw',
        200,
      ).text,
    ).toBe(smallSpec('Good'));
  });

  it('scopes specs to the organization: other organizations get 404, readers cannot write', async () => {
    const reader = await addMember(org, 'read', 'openapi-reader');
    expectOperation(await reader.client.get(`${base}/pets`), 'getOpenAPISpecBySlug', 200);
    expectOperation(await reader.client.get(base), 'listOpenAPISpecs', 200);
    expectError(await reader.client.post(base, { slug: 'by-reader', source: { text: smallSpec() } }), 403);
    expectError(await reader.client.patch(`${base}/pets`, { visibility: 'public' }), 403);
    expectError(await reader.client.delete(`${base}/pets`), 403);

    const other = await newOrganization('Other OpenAPI Org');
    expectError(await other.admin.client.get(`${base}/pets`), 404);
    expectError(await other.admin.client.get(base), 404);
    expectError(await other.admin.client.delete(`${base}/pets`), 404);
    expectError(await other.admin.client.get(`${base}/pets/versions/latest/content`), 404);
    expectError(await anonymousClient().get(`${base}/pets`), 401);
  });
});
