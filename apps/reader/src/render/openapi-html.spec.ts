import type { Document } from '@bindery/document';
import { openapiSlugs, renderDocument } from './document-html';
import { exampleOf, renderOperation, renderSchemas } from './openapi-html';

const PETSTORE = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  servers: [{ url: 'https://api.example.com/v1' }],
  paths: {
    '/pets/{petId}': {
      parameters: [{ name: 'petId', in: 'path', required: true, description: 'The pet', schema: { type: 'string' } }],
      get: {
        summary: 'Get a pet',
        description: 'Returns one <b>pet</b>.',
        parameters: [{ $ref: '#/components/parameters/Verbose' }],
        responses: {
          '200': { description: 'The pet', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
          '404': { description: 'No such pet' },
        },
      },
      put: {
        summary: 'Replace a pet',
        requestBody: {
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' }, example: { id: 'p1', name: 'Rex' } } },
        },
        responses: { '204': { description: 'Replaced' } },
      },
    },
  },
  components: {
    parameters: { Verbose: { name: 'verbose', in: 'query', schema: { type: 'boolean' } } },
    schemas: {
      Pet: {
        type: 'object',
        description: 'A pet',
        required: ['id'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          name: { type: 'string', example: 'Rex' },
          kind: { type: 'string', enum: ['dog', 'cat'] },
          owner: { $ref: '#/components/schemas/Owner' },
          friends: { type: 'array', items: { $ref: '#/components/schemas/Pet' } },
        },
      },
      Owner: { allOf: [{ $ref: '#/components/schemas/Named' }], properties: { age: { type: 'integer' } } },
      Named: { properties: { name: { type: 'string' } }, required: ['name'] },
    },
  },
};

describe('API reference blocks', () => {
  it('renders an operation: method, server and path, parameters, response schema and a generated example', () => {
    const html = renderOperation(PETSTORE, '/pets/{petId}', 'GET', 'get-pet');
    expect(html).toContain(
      '<span class="oa-method oa-method-get">GET</span> <code class="oa-path">https://api.example.com/v1/pets/{petId}</code>',
    );
    expect(html).toContain('<strong>Get a pet</strong>');
    expect(html).toContain('Returns one &lt;b&gt;pet&lt;/b&gt;.');
    expect(html).toContain('<code>petId</code> <span class="oa-required">required</span></td><td>path</td><td>string</td><td>The pet</td>');
    expect(html).toContain('<code>verbose</code></td><td>query</td><td>boolean</td>');
    expect(html).toContain('<code class="oa-name">owner</code> <span class="oa-type">Owner</span>');
    expect(html).toContain('<code class="oa-name">age</code>');
    expect(html).toContain(
      '<code class="oa-name">name</code> <span class="oa-type">string</span> <span class="oa-required">required</span>',
    );
    expect(html).toContain('one of <code>&quot;dog&quot;</code>');
    expect(html).toContain('Example 200 response');
    expect(html).toContain('<span class="oa-status oa-status-4">404</span> No such pet');
  });

  it('shows the request body with its own example, and a missing operation as not available', () => {
    const html = renderOperation(PETSTORE, '/pets/{petId}', 'put', 'put-pet');
    expect(html).toContain('Request body <span class="oa-type">application/json</span></strong>');
    expect(html).toContain('Example request');
    expect(html).toContain('&quot;Rex&quot;');
    expect(renderOperation(PETSTORE, '/nope', 'get', 'x')).toContain('is not available');
    expect(renderOperation(undefined, '/pets/{petId}', 'get', 'x')).toContain('is not available');
    expect(renderOperation(PETSTORE, '/pets/{petId}', 'constructor', 'x')).toContain('is not available');
  });

  it('builds finite examples and trees from cyclic schemas', () => {
    const example = exampleOf(PETSTORE, { $ref: '#/components/schemas/Pet' }) as Record<string, unknown>;
    expect(example).toMatchObject({
      id: '00000000-0000-0000-0000-000000000000',
      name: 'Rex',
      kind: 'dog',
      owner: { name: 'string', age: 0 },
    });
    const cyclic = {
      components: { schemas: { A: { $ref: '#/components/schemas/A' }, B: { properties: { b: { $ref: '#/components/schemas/B' } } } } },
    };
    expect(() => JSON.stringify(exampleOf(cyclic, { $ref: '#/components/schemas/B' }))).not.toThrow();
    expect(renderSchemas(cyclic, ['B', 'A', 'missing'], 's')).toContain('<code class="oa-name">B</code>');
  });

  it('renders the blocks inside a document from the specs the resolver gives, and lists the slugs a document uses', () => {
    const block = (type: string, data: Record<string, unknown>) => ({
      object: 'block',
      type,
      isVoid: true,
      data,
      meta: { id: `${type}-1` },
    });
    const document = {
      object: 'document',
      data: {},
      nodes: [
        block('openapi-operation', { ref: { kind: 'openapi', spec: 'pets' }, path: '/pets/{petId}', method: 'get' }),
        block('openapi-schemas', { ref: { kind: 'openapi', spec: 'pets' }, schemas: ['Owner'] }),
        block('openapi-operation', { ref: { kind: 'openapi', spec: 'other' }, path: '/x', method: 'get' }),
      ],
    } as unknown as Document;
    expect(openapiSlugs(document)).toEqual(['pets', 'other']);
    const { html } = renderDocument(document, {
      page: () => undefined,
      file: () => undefined,
      openapi: (slug) => (slug === 'pets' ? PETSTORE : undefined),
    });
    expect(html).toContain('id="openapi-operation-1"');
    expect(html).toContain('<code class="oa-name">Owner</code>');
    expect(html).toContain('The API operation GET /x is not available');
  });
});
