import { expectError } from '@bindery/testing';
import { anonymousClient } from './helpers';

interface Document {
  openapi: string;
  info: { title: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, { operationId?: string; parameters?: unknown[]; security?: unknown[] }>>;
}

/** The API's own documentation, served without a token (route coverage: test/int/api-docs.int-spec.ts). */
describe('operations: the API document and reference page', () => {
  it('serves the OpenAPI document of what this server implements, without a token, revalidated by ETag', async () => {
    const response = await anonymousClient().get<Document>('/v1/openapi.json');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const doc = response.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Bindery API');
    expect(doc.servers[0].url).toMatch(/\/v1$/);
    expect(doc.paths['/orgs/{organizationId}'].get.operationId).toBe('getOrganizationById');
    // An official operation Bindery does not implement is not listed.
    expect(Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId))).not.toContain('listIntegrations');
    expect(doc.paths['/orgs/{organizationId}/spaces'].post.parameters).toContainEqual({
      $ref: '#/components/parameters/BinderyIdempotencyKey',
    });
    expect(doc.paths['/openapi.json'].get.security).toEqual([]);

    const etag = response.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await anonymousClient().request('GET', '/v1/openapi.json', undefined, { 'if-none-match': etag });
    expect(again.status).toBe(304);
  });

  it('serves a readable reference page whose scripts and styles all come from the gateway', async () => {
    const page = await anonymousClient().get<string>('/v1/reference');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(sources).toEqual(
      expect.arrayContaining(['reference/swagger-ui.css', 'reference/swagger-ui-bundle.js', 'reference/reference.js']),
    );
    expect(sources.filter((s) => /^[a-z]+:|^\/\//i.test(s))).toEqual([]);

    for (const [asset, type] of [
      ['swagger-ui-bundle.js', /^text\/javascript/],
      ['swagger-ui.css', /^text\/css/],
      ['reference.js', /^text\/javascript/],
    ] as const) {
      const file = await anonymousClient().get<string>(`/v1/reference/${asset}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toMatch(type);
      expect(file.body.length).toBeGreaterThan(100);
    }
    expect((await anonymousClient().get<string>('/v1/reference/reference.js')).body).toContain('openapi.json');
  });

  it('answers an unknown or malformed file name in the error shape', async () => {
    expectError(await anonymousClient().get('/v1/reference/nothing.js'), 404, /nothing\.js/);
    expectError(await anonymousClient().get('/v1/reference/..%2Fopenapi.json'), 400, /asset/);
  });
});
