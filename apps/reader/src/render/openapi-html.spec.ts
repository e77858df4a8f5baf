import type { Document } from '@bindery/document';
import { openapiSlugs, renderDocument } from './document-html';
import { exampleOf, MAX_BLOCK_HTML_CHARS, renderOperation, renderSchemas, renderWebhook } from './openapi-html';

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

  describe('a hostile spec renders small', () => {
    // Thirty schemas, each referencing the next twice (as a property, an array item, a variant and
    // an allOf part): about 2 KB of spec, 2^30 paths when every `$ref` is expanded.
    const SIZE = 30;
    const name = (i: number) => `S${i}`;
    const ref = (i: number) => ({ $ref: `#/components/schemas/${name(i)}` });
    const schemas: Record<string, unknown> = {};
    for (let i = 0; i < SIZE; i++) {
      schemas[name(i)] =
        i === SIZE - 1
          ? { type: 'string' }
          : {
              type: 'object',
              allOf: [{ properties: { d: ref(i + 1) } }],
              properties: { a: ref(i + 1), b: { type: 'array', items: ref(i + 1) }, c: { oneOf: [ref(i + 1), ref(i + 1)] } },
            };
    }
    const chain = {
      openapi: '3.1.0',
      info: { title: 'Chain', version: '1' },
      paths: {
        '/x': {
          post: {
            requestBody: { content: { 'application/json': { schema: ref(0) } } },
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: ref(0) } } } },
          },
        },
      },
      webhooks: { hook: { post: { requestBody: { content: { 'application/json': { schema: ref(0) } } }, responses: {} } } },
      components: { schemas },
    };

    it('renders an operation, a webhook and the schemas within the block bound', () => {
      expect(JSON.stringify(chain).length).toBeLessThan(10_000);
      for (const html of [
        renderOperation(chain, '/x', 'post', 'op'),
        renderWebhook(chain, 'hook', 'post', 'hook'),
        renderSchemas(chain, ['S0', 'S1', 'S2'], 'schemas'),
      ]) {
        expect(html.length).toBeLessThan(MAX_BLOCK_HTML_CHARS);
        expect(html).toContain('<code class="oa-name">a</code> <span class="oa-type">S1</span>');
      }
    });

    it('names a type of variants without expanding each of them', () => {
      const variants: Record<string, unknown> = {};
      for (let i = 0; i < SIZE; i++)
        variants[name(i)] = i === SIZE - 1 ? { type: 'string' } : { anyOf: [ref(i + 1), { oneOf: [ref(i + 1)] }] };
      variants.Holder = { properties: { v: ref(0) } };
      const doc = { openapi: '3.1.0', components: { schemas: variants } };
      const html = renderSchemas(doc, ['Holder', 'S0'], 's');
      expect(html).toContain('<code class="oa-name">v</code> <span class="oa-type">S0</span>');
      expect(html.length).toBeLessThan(50_000);
    });

    it('pays for a large example by its size: reached through many references it trips the budget, not the loop', () => {
      const big = { text: 'x'.repeat(50_000) };
      const properties = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`p${i}`, { $ref: '#/components/schemas/Big' }]));
      const doc = {
        openapi: '3.1.0',
        components: { schemas: { Big: { type: 'object', example: big, description: 'y'.repeat(50_000) }, Many: { properties } } },
      };
      const html = renderSchemas(doc, ['Many'], 's');
      expect(html.length).toBeLessThan(MAX_BLOCK_HTML_CHARS);
      expect(html).toContain('too large');
    });
  });
});
