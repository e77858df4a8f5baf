import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ApiClient, type ApiResponse, expectError, expectOperation } from '@bindery/testing';
import { createChangeRequest, createSpace, newOrgAdmin, paragraph as keyedParagraph } from './content-helpers';
import { processed, smallSpec, specWhen } from './openapi-helpers';
import type { SectionBody, SiteBody, SiteSpaceBody } from './sites-helpers';

// Attacks on the write routes of the newer services (sites and their structure, OpenAPI specs,
// conversations, translations, git sync) with input no route may store: bad strings, deep JSON,
// huge arrays, oversized bodies, and URLs that reach loopback through an IPv6 form.

/** The gateway's default BODY_LIMIT_BYTES. */
const BODY_LIMIT = 5 * 1024 * 1024;

const paragraph = (text: string, index = 0) => keyedParagraph(`p${index}`, text);
const instructionsOf = (...texts: string[]) => ({ object: 'document', data: {}, nodes: texts.map(paragraph) });

/**
 * Sends `body` with its length declared and waits for the answer before writing it: the gateway
 * refuses an oversized body on its declared length, then closes the connection, so a client that
 * streamed 5 MB would see the socket close (EPIPE) rather than the 413.
 */
function sendDeclared(client: ApiClient, method: string, path: string, body: string): Promise<ApiResponse> {
  return new Promise((resolve, reject) => {
    const req = request(`${client.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, headers: new Headers(), body: text ? JSON.parse(text) : '' });
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

/** `body` with `value` at the dotted `path` (numeric segments index arrays). */
function withValue(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string, unknown>;
  const keys = path.split('.');
  let at: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[keys[keys.length - 1]] = value;
  return copy;
}

const nested = (levels: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { a: value };
  return value;
};

/** A write route: a valid body, a bounded string field to corrupt, and an array field to overfill when it has one. */
interface Route {
  method: string;
  path: string;
  body: unknown;
  field: string;
  array?: { path: string; item: unknown; count: number };
}

/** Each kind of bad input: what replaces the field (or the array), and the status it must get. */
const KINDS: Array<{ kind: string; status: number; corrupt: (route: Route) => unknown }> = [
  { kind: 'a NUL character', status: 400, corrupt: (r) => withValue(r.body, r.field, 'a\u0000b') },
  { kind: 'a lone surrogate', status: 400, corrupt: (r) => withValue(r.body, r.field, 'a\ud800b') },
  { kind: 'JSON 100 levels deep', status: 400, corrupt: (r) => withValue(r.body, r.field, nested(100)) },
  { kind: 'a 300,000-character string', status: 400, corrupt: (r) => withValue(r.body, r.field, 'x'.repeat(300_000)) },
  {
    kind: 'a huge array',
    status: 400,
    corrupt: (r) =>
      r.array
        ? withValue(
            r.body,
            r.array.path,
            Array.from({ length: r.array.count }, () => r.array!.item),
          )
        : withValue(
            r.body,
            r.field,
            Array.from({ length: 200_000 }, () => 'x'),
          ),
  },
  { kind: 'a body over the limit', status: 413, corrupt: (r) => withValue(r.body, r.field, 'x'.repeat(BODY_LIMIT + 1)) },
];

/** Drops what other services refresh on their own (a site space's embedded Space follows content's events). */
const stable = (body: unknown): string => JSON.stringify(body, (key, value: unknown) => (key === 'space' ? undefined : value));

describe('security: bad input on the new write routes gets a 4xx and stores nothing', () => {
  let client: ApiClient;
  let orgId: string;
  let routes: Route[];
  let reads: string[];

  beforeAll(async () => {
    const admin = await newOrgAdmin('input-sec');
    client = admin.client;
    orgId = admin.orgId;
    const org = `/v1/orgs/${orgId}`;
    const [home, guides, spare] = [
      await createSpace(client, orgId, 'Home'),
      await createSpace(client, orgId, 'Guides'),
      await createSpace(client, orgId, 'Spare'),
    ];
    const site = expectOperation<SiteBody>(await client.post(`${org}/sites`, { title: 'Docs', spaces: [home.id] }), 'createSite', 201);
    const base = `${org}/sites/${site.id}`;
    const section = expectOperation<SectionBody>(
      await client.post(`${base}/sections`, { spaceId: guides.id, title: 'Guides' }),
      'addSectionToSite',
      201,
    );
    const siteSpace: SiteSpaceBody = section.siteSpaces[0];
    const group = expectOperation<{ id: string }>(
      await client.post(`${base}/section-groups`, { title: 'Group' }),
      'addSectionGroupToSite',
      201,
    );
    expectOperation(await client.post(`${org}/openapi`, { slug: 'pets', source: { text: smallSpec() } }), 'createOpenAPISpec', 201);
    await specWhen(client, orgId, 'pets', processed);
    const translation = expectOperation<{ id: string }>(
      await client.post(`${org}/translations`, { language: 'es', source: { space: home.id, language: 'en' } }),
      'createTranslation',
      201,
    );
    const git = { url: 'https://example.com/docs.git', ref: 'refs/heads/main' };
    const instructions = { instructions: instructionsOf('keep: Bindery') };

    routes = [
      {
        method: 'POST',
        path: `${org}/sites`,
        body: { title: 'New site' },
        field: 'title',
        array: { path: 'spaces', item: spare.id, count: 101 },
      },
      { method: 'PATCH', path: base, body: { title: 'Renamed' }, field: 'title' },
      {
        method: 'PUT',
        path: `${base}/adaptive-schema`,
        body: {
          jsonSchema: {
            type: 'object',
            properties: { role: { type: 'string', description: 'Member role' } },
            additionalProperties: false,
          },
        },
        field: 'jsonSchema.properties.role.description',
      },
      { method: 'PATCH', path: `${base}/publishing/auth`, body: { fallbackURL: 'https://example.com/login' }, field: 'fallbackURL' },
      {
        method: 'PATCH',
        path: `${base}/structure/sort`,
        body: { item: { type: 'site-section', id: section.id }, position: { before: { type: 'site-section-group', id: group.id } } },
        field: 'item.id',
      },
      { method: 'POST', path: `${base}/site-spaces`, body: { spaceId: spare.id }, field: 'spaceId' },
      { method: 'PATCH', path: `${base}/site-spaces/${siteSpace.id}`, body: { path: 'renamed' }, field: 'path' },
      {
        method: 'POST',
        path: `${base}/site-spaces/${siteSpace.id}/move`,
        body: { position: { before: { type: 'site-space', siteSpace: siteSpace.id } } },
        field: 'position.before.siteSpace',
      },
      { method: 'POST', path: `${base}/sections`, body: { spaceId: spare.id, title: 'Spare' }, field: 'title' },
      { method: 'PATCH', path: `${base}/sections/${section.id}`, body: { title: 'Renamed' }, field: 'title' },
      {
        method: 'POST',
        path: `${base}/section-groups`,
        body: { title: 'Products' },
        field: 'title',
        array: { path: 'sections', item: section.id, count: 1001 },
      },
      { method: 'PATCH', path: `${base}/section-groups/${group.id}`, body: { title: 'Renamed' }, field: 'title' },
      { method: 'POST', path: `${base}/section-groups/${group.id}/sections`, body: { sectionId: section.id }, field: 'sectionId' },
      { method: 'POST', path: `${org}/openapi`, body: { slug: 'other', source: { text: smallSpec() } }, field: 'slug' },
      { method: 'PUT', path: `${org}/openapi/pets`, body: { source: { url: 'https://example.com/openapi.yaml' } }, field: 'source.url' },
      { method: 'PATCH', path: `${org}/openapi/pets`, body: { visibility: 'public' }, field: 'visibility' },
      {
        method: 'POST',
        path: `${org}/conversations`,
        body: { id: 'c-1', subject: 'Login fails', parts: [{ type: 'message', role: 'user', body: 'I cannot log in' }] },
        field: 'subject',
        array: { path: 'parts', item: { type: 'message', role: 'user', body: 'again' }, count: 1001 },
      },
      {
        method: 'POST',
        path: `${org}/translations`,
        body: { language: 'fr', source: { space: home.id, language: 'en' }, ...instructions },
        field: 'instructions.nodes.0.nodes.0.leaves.0.text',
        array: { path: 'instructions.nodes', item: paragraph('x'), count: 10_001 },
      },
      {
        method: 'PUT',
        path: `${org}/translations/${translation.id}`,
        body: instructions,
        field: 'instructions.nodes.0.nodes.0.leaves.0.text',
        array: { path: 'instructions.nodes', item: paragraph('x'), count: 10_001 },
      },
      { method: 'POST', path: `/v1/spaces/${home.id}/git/import`, body: git, field: 'ref' },
      { method: 'POST', path: `/v1/spaces/${home.id}/git/export`, body: { ...git, commitMessage: 'Sync' }, field: 'commitMessage' },
      { method: 'PUT', path: `/v1/spaces/${home.id}/git/webhook`, body: { secret: 'a-secret-of-twenty-chars' }, field: 'secret' },
    ];
    reads = [
      `${org}/sites`,
      base,
      `${base}/adaptive-schema`,
      `${base}/publishing/auth`,
      `${base}/site-spaces`,
      `${base}/sections`,
      `${base}/section-groups`,
      `${org}/openapi`,
      `${org}/openapi/pets/versions`,
      `${org}/conversations`,
      `${org}/translations`,
      `/v1/spaces/${home.id}/git/info`,
    ];
  }, 120_000);

  it('answers each kind of bad input to each route with the right 4xx, and nothing changes', async () => {
    const snapshot = async () => Promise.all(reads.map(async (path) => `${path} ${stable((await client.get(path)).body)}`));
    const before = await snapshot();
    const failures: string[] = [];
    for (const route of routes) {
      for (const { kind, status, corrupt } of KINDS) {
        const body = JSON.stringify(corrupt(route));
        const response =
          status === 413
            ? await sendDeclared(client, route.method, route.path, body)
            : await client.request(route.method, route.path, body);
        const error = (response.body as { error?: { code?: number; message?: string } }).error;
        if (response.status !== status || error?.code !== status || typeof error.message !== 'string') {
          failures.push(`${route.method} ${route.path} with ${kind} → ${response.status} ${JSON.stringify(response.body).slice(0, 160)}`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
  }, 300_000);
});

describe('security: a translation’s instructions are capped', () => {
  it('refuses a 4 MB instructions document on create and replace with a 400 naming the field, and stores nothing', async () => {
    const { client, orgId } = await newOrgAdmin('instructions-cap');
    const space = await createSpace(client, orgId, 'Manual');
    const base = `/v1/orgs/${orgId}/translations`;
    const huge = instructionsOf(...Array.from({ length: 1000 }, () => 'term => término. '.repeat(240)));
    expect(JSON.stringify(huge).length).toBeGreaterThan(4_000_000);
    expectError(
      await client.post(base, { language: 'es', source: { space: space.id, language: 'en' }, instructions: huge }),
      400,
      /instructions must be at most 262144 bytes/,
    );
    expect(expectOperation<{ count: number }>(await client.get(base), 'listTranslations', 200).count).toBe(0);

    // A large glossary under the cap is kept; replacing it with the huge one changes nothing.
    const glossary = instructionsOf(...Array.from({ length: 500 }, (_, i) => `term${i} => término${i}`));
    const created = expectOperation<{ id: string; instructions: unknown }>(
      await client.post(base, { language: 'es', source: { space: space.id, language: 'en' }, instructions: glossary }),
      'createTranslation',
      201,
    );
    expectError(await client.put(`${base}/${created.id}`, { instructions: huge }), 400, /instructions must be at most 262144 bytes/);
    const kept = expectOperation<{ instructions: unknown }>(await client.get(`${base}/${created.id}`), 'getTranslation', 200);
    expect(kept.instructions).toEqual(created.instructions);
  }, 60_000);
});

describe('security: an IPv6 form of a loopback address is refused wherever a URL is fetched', () => {
  let server: Server;
  let port: number;
  const hits: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end('openapi: 3.1.0\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** `::127.0.0.1` is written `::7f00:1` once a URL parser has read it. */
  const LOOPBACK_REFUSAL = /::7f00:1 is an IPv4-compatible address carrying 127\.0\.0\.1, a loopback address/;

  it('OpenAPI create and replace with a url answer 400 and keep nothing', async () => {
    const { client, orgId } = await newOrgAdmin('ipv6-openapi');
    const base = `/v1/orgs/${orgId}/openapi`;
    const url = `http://[::127.0.0.1]:${port}/openapi.yaml`;
    expectError(await client.post(base, { slug: 'compat', source: { url } }), 400, new RegExp(`source\\.url: ${LOOPBACK_REFUSAL.source}`));
    expectError(await client.get(`${base}/compat`), 404);
    expectOperation(await client.post(base, { slug: 'kept', source: { text: smallSpec() } }), 'createOpenAPISpec', 201);
    await specWhen(client, orgId, 'kept', processed);
    expectError(await client.put(`${base}/kept`, { source: { url } }), 400, LOOPBACK_REFUSAL);
    expect((await specWhen(client, orgId, 'kept', processed)).sourceURL).toBeUndefined();
    expect(hits).toEqual([]);
  }, 60_000);

  it('a file uploaded by url answers 400 and adds no file', async () => {
    const { client, orgId } = await newOrgAdmin('ipv6-files');
    const space = await createSpace(client, orgId);
    const cr = await createChangeRequest(client, space.id);
    const files = `/v1/spaces/${space.id}/change-requests/${cr.id}/content/files`;
    expectError(
      await client.post(`/v1/spaces/${space.id}/change-requests/${cr.id}/content`, {
        changes: [
          { operation: 'insert_files', files: [{ name: 'a.png', contentType: 'image/png', url: `http://[::127.0.0.1]:${port}/a.png` }] },
        ],
      }),
      400,
      LOOPBACK_REFUSAL,
    );
    expect(expectOperation<{ count: number }>(await client.get(files), 'listFilesInChangeRequestById', 200).count).toBe(0);
    expect(hits).toEqual([]);
  }, 60_000);

  it('git import and export answer 400, though the stack allows 127.0.0.1 for git, and sync nothing', async () => {
    const { client, orgId } = await newOrgAdmin('ipv6-git');
    const space = await createSpace(client, orgId);
    const url = `http://[::127.0.0.1]:${port}/docs.git`;
    expectError(await client.post(`/v1/spaces/${space.id}/git/import`, { url, ref: 'refs/heads/main' }), 400, LOOPBACK_REFUSAL);
    expectError(
      await client.post(`/v1/spaces/${space.id}/git/export`, { url, ref: 'refs/heads/main', commitMessage: 'Sync' }),
      400,
      LOOPBACK_REFUSAL,
    );
    expectError(await client.get(`/v1/spaces/${space.id}/git/info`), 404);
    expect(hits).toEqual([]);
  }, 60_000);
});
