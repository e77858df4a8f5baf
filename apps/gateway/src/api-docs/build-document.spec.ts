import { type Additions, buildApiDocument } from './build-document';
import { mergeReleases, RELEASE_EXTENSION } from './merge-releases';
import type { OpenApiDocument, RegisteredRoute } from './openapi-types';

const official: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'GitBook API', version: '1.0' },
  tags: [
    {
      name: 'spaces',
      description: 'Spaces. {% openapi-schemas spec="gitbook" schemas="Space" %} The Space object {% endopenapi-schemas %}',
    },
    { name: 'unused' },
  ],
  paths: {
    '/spaces/{spaceId}': {
      get: {
        operationId: 'getSpaceById',
        tags: ['spaces'],
        security: [{ integration: [] }],
        responses: { 200: { $ref: '#/components/responses/Space' } },
      },
      delete: { operationId: 'deleteSpace', tags: ['spaces'], responses: {} },
    },
    '/spaces/{spaceId}/comments': { post: { operationId: 'postComment', tags: ['spaces'], responses: {} } },
  },
  components: {
    responses: { Space: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Space' } } } } },
    schemas: { Space: { properties: { parent: { $ref: '#/components/schemas/Collection' } } }, Collection: {}, Unused: {} },
    securitySchemes: { user: { type: 'http', scheme: 'bearer' }, integration: { type: 'http', scheme: 'bearer' } },
  },
};

const additions: Additions = {
  tags: [{ name: 'bindery' }],
  paths: {
    '/healthz': { servers: [{ url: '/' }], get: { operationId: 'binderyLiveness', tags: ['bindery'], responses: {} } },
    '/files/{hash}/download': { get: { operationId: 'binderyDownloadFile', tags: ['bindery'], responses: {} } },
  },
  components: { parameters: { Key: { name: 'Idempotency-Key', in: 'header' } } },
  postParameters: [{ $ref: '#/components/parameters/Key' }],
  rateLimitedResponses: { 429: { description: 'Too many' } },
};

const route = (method: string, path: string, flags: Partial<RegisteredRoute> = {}): RegisteredRoute => ({
  method,
  path,
  isPublic: false,
  rateLimited: true,
  ...flags,
});

describe('buildApiDocument', () => {
  const routes = [
    route('GET', '/v1/spaces/:id'), // another parameter name: still the same route
    route('POST', '/v1/spaces/:spaceId/comments'),
    route('GET', '/healthz', { isPublic: true, rateLimited: false }),
    route('GET', '/v1/files/:hash/download', { isPublic: true }),
  ];

  it('keeps the official operations a route serves, with the official path, and only the components they reach', () => {
    const { document, undocumented, unregistered } = buildApiDocument(official, additions, routes, { baseUrl: 'https://docs.example.com' });
    expect(undocumented).toEqual([]);
    expect(unregistered).toEqual([]);
    expect(Object.keys(document.paths).sort()).toEqual([
      '/files/{hash}/download',
      '/healthz',
      '/spaces/{spaceId}',
      '/spaces/{spaceId}/comments',
    ]);
    expect(document.paths['/spaces/{spaceId}'].delete).toBeUndefined();
    expect(Object.keys(document.components!.schemas)).toEqual(['Collection', 'Space']);
    expect(Object.keys(document.components!.securitySchemes)).toEqual(['user']);
    expect(document.tags!.map((t) => t.name)).toEqual(['spaces', 'bindery']);
    expect(document.tags![0].description).toBe('Spaces.');
    expect(document.servers).toEqual([{ url: 'https://docs.example.com/v1' }]);
    expect(document.paths['/healthz'].servers).toEqual([{ url: 'https://docs.example.com/' }]);
  });

  it('adds the idempotency header to authenticated POSTs, the 429 to rate-limited routes, and no token to public ones', () => {
    const { document } = buildApiDocument(official, additions, routes, { baseUrl: '' });
    expect(document.paths['/spaces/{spaceId}/comments'].post!.parameters).toEqual([{ $ref: '#/components/parameters/Key' }]);
    expect(document.paths['/spaces/{spaceId}'].get!.parameters).toBeUndefined();
    expect(document.paths['/spaces/{spaceId}'].get!.security).toBeUndefined();
    expect(document.paths['/spaces/{spaceId}'].get!.responses).toHaveProperty('429');
    expect(document.paths['/healthz'].get!.responses).not.toHaveProperty('429');
    expect(document.paths['/healthz'].get!.security).toEqual([]);
    expect(document.components!.parameters).toHaveProperty('Key');
    // The source documents are not changed.
    expect(official.paths['/spaces/{spaceId}'].get!.security).toEqual([{ integration: [] }]);
  });

  it('names the routes nothing documents and the additions no route serves', () => {
    const { undocumented, unregistered } = buildApiDocument(
      official,
      additions,
      [route('GET', '/v1/spaces/:spaceId'), route('PUT', '/v1/new-thing')],
      {
        baseUrl: '',
      },
    );
    expect(undocumented).toEqual(['PUT /v1/new-thing']);
    expect(unregistered.sort()).toEqual(['GET /files/{hash}/download', 'GET /healthz']);
  });

  it('extends an official schema with Bindery fields, marked, and relaxes what they make optional', () => {
    const withChange: OpenApiDocument = structuredClone(official);
    withChange.components!.schemas.Space = {
      allOf: [{ $ref: '#/components/schemas/Collection' }, { type: 'object', required: ['operation', 'document'], properties: {} }],
    };
    const { document } = buildApiDocument(
      withChange,
      {
        ...additions,
        schemaExtensions: { Space: { description: 'Bindery', properties: { type: { enum: ['group'] } }, optional: ['document'] } },
      },
      routes,
      { baseUrl: '' },
    );
    const space = document.components!.schemas.Space as { allOf: Array<Record<string, unknown>> };
    expect(space.allOf[1].required).toEqual(['operation']);
    expect(space.allOf[2]).toMatchObject({ 'x-bindery-extension': true, properties: { type: { enum: ['group'] } } });
    expect((withChange.components!.schemas as Record<string, { allOf: unknown[] }>).Space.allOf).toHaveLength(2);
  });

  it('does not take /v1/healthz for the root /healthz', () => {
    const { undocumented } = buildApiDocument(official, additions, [route('GET', '/v1/healthz')], { baseUrl: '' });
    expect(undocumented).toEqual(['GET /v1/healthz']);
  });
});

describe('mergeReleases', () => {
  it('takes what only an older release has, marked with its version, and never overrides the newest', () => {
    const older: OpenApiDocument = {
      ...official,
      paths: { '/spaces/{spaceId}': { get: { operationId: 'old' }, patch: { operationId: 'updateSpace' } } },
      components: { schemas: { Space: { old: true }, Legacy: {} } },
      tags: [{ name: 'legacy' }],
    };
    const merged = mergeReleases([
      { version: '2', document: official },
      { version: '1', document: older },
    ]);
    expect(merged.info.version).toBe('2');
    expect(merged.paths['/spaces/{spaceId}'].get!.operationId).toBe('getSpaceById');
    expect(merged.paths['/spaces/{spaceId}'].patch).toEqual({ operationId: 'updateSpace', [RELEASE_EXTENSION]: '1' });
    expect(merged.components!.schemas.Space).not.toHaveProperty('old');
    expect(merged.components!.schemas).toHaveProperty('Legacy');
    expect(merged.tags!.map((t) => t.name)).toContain('legacy');
  });
});
