// The hand-written legacy `{% swagger %}` (issue #27): one official `swagger` block whose
// one-operation OpenAPI document travels in its URL, written back as the same tags.
import { documentText, documentToMarkdown, inlineSpec, inlineSpecProse, markdownToDocument } from './index';
import type { OpenApiBlock } from './document.types';
import { documentSchemaErrors } from './testing/document-schema';

const spec = (markdown: string) => {
  const [block] = markdownToDocument(markdown).nodes;
  expect(block.type).toBe('swagger');
  const { url } = (block.data as { ref: { url: string } }).ref;
  return inlineSpec(url) as unknown as { servers?: Array<{ url: string }>; paths: Record<string, Record<string, Record<string, unknown>>> };
};

// As GitBook's editor wrote the block (its "API method" before OpenAPI specifications).
const POST =
  '{% swagger method="post" path="/v1/users" baseUrl="https://api.example.com" summary="Create a user" %}\n' +
  '{% swagger-description %}\nCreates a user. Needs an **admin** token.\n{% endswagger-description %}\n\n' +
  '{% swagger-parameter in="header" name="Authorization" type="String" required="true" %}\nBearer token\n{% endswagger-parameter %}\n\n' +
  '{% swagger-parameter in="body" name="email" type="String" required="true" %}\nThe e-mail address\n{% endswagger-parameter %}\n\n' +
  '{% swagger-parameter in="body" name="admin" type="Boolean" %}\n\n{% endswagger-parameter %}\n\n' +
  '{% swagger-response status="201: Created" description="User created" %}\n```javascript\n{\n    // Response\n}\n```\n{% endswagger-response %}\n\n' +
  '{% swagger-response status="400: Bad Request" description="" %}\n\n{% endswagger-response %}\n' +
  '{% endswagger %}\n';

describe('legacy {% swagger %} → OpenAPI operation block', () => {
  it('maps the description, parameters by location, the request body and the responses', () => {
    const operation = spec(POST).paths['/v1/users'].post;
    expect(spec(POST).servers).toEqual([{ url: 'https://api.example.com' }]);
    expect(operation).toMatchObject({
      summary: 'Create a user',
      description: 'Creates a user. Needs an **admin** token.',
      parameters: [{ name: 'Authorization', in: 'header', required: true, description: 'Bearer token', schema: { type: 'string' } }],
      requestBody: {
        content: {
          'application/json': {
            schema: { type: 'object', properties: { email: { type: 'string' }, admin: { type: 'boolean' } }, required: ['email'] },
          },
        },
      },
      responses: {
        '201': { description: 'User created', content: { 'application/json': { example: '{\n    // Response\n}' } } },
        '400': { description: 'Bad Request' },
      },
    });
  });

  it('is a valid official block and writes back byte for byte, and stably', () => {
    const document = markdownToDocument(POST);
    expect(documentSchemaErrors(document)).toEqual([]);
    const once = documentToMarkdown(document);
    expect(once).toBe(POST);
    expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
  });

  it('an operation with no parts, or parts in another order, keeps them as written', () => {
    const bare = '{% swagger method="delete" path="/v1/users/{id}" %}\n{% endswagger %}\n';
    expect(documentToMarkdown(markdownToDocument(bare))).toBe(bare);
    const reordered =
      '{% swagger method="get" path="/x" %}\n{% swagger-response status="200: OK" description="" %}\nFine.\n{% endswagger-response %}\n\n' +
      '{% swagger-description %}\nLast.\n{% endswagger-description %}\n{% endswagger %}\n';
    expect(documentToMarkdown(markdownToDocument(reordered))).toBe(reordered);
  });

  it('something no specification holds (two responses for one status) stays visible as a noted code block of its source', () => {
    const twice =
      '{% swagger method="get" path="/x" %}\n{% swagger-response status="200" description="a" %}\n{% endswagger-response %}\n\n' +
      '{% swagger-response status="200" description="b" %}\n{% endswagger-response %}\n{% endswagger %}';
    const [block] = markdownToDocument(twice).nodes;
    expect(block).toMatchObject({ type: 'code', data: { syntax: 'markdown', title: 'GitBook block not converted, kept as written' } });
    const once = documentToMarkdown(markdownToDocument(twice));
    expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
  });
});

describe('unknown GitBook tags', () => {
  it('stay visible as noted code blocks, with the content between them kept as content, and round-trip', () => {
    const markdown = '{% api-thing method="get" host="https://api.example.com" path="/v1" %}\n\nList **things**.\n\n{% endapi-thing %}\n';
    const document = markdownToDocument(markdown);
    expect(document.nodes.map((block) => block.type)).toEqual(['code', 'paragraph', 'code']);
    expect(documentSchemaErrors(document)).toEqual([]);
    expect(documentToMarkdown(document)).toBe(markdown);
  });
});

describe('the prose of a legacy {% swagger %} block', () => {
  const block = () => markdownToDocument(POST).nodes[0] as unknown as OpenApiBlock;

  it('is its summary, description and the descriptions of parameters and responses, not names, types or examples', () => {
    expect(inlineSpecProse(block())!.texts.map((t) => t.text)).toEqual([
      'Create a user',
      'Creates a user. Needs an **admin** token.',
      'Bearer token',
      'The e-mail address',
      'User created',
      'Bad Request',
    ]);
    expect(inlineSpecProse({ data: { ref: { kind: 'url', url: 'https://x/spec.json' }, path: '/a', method: 'get' } })).toBeUndefined();
  });

  it('is the text of the page (search reads it)', () => {
    const text = documentText(markdownToDocument(`Intro\n\n${POST}`));
    expect(text.split('\n')).toEqual(['Intro', ...inlineSpecProse(block())!.texts.map((t) => t.text)]);
  });

  it('replaced, is written back into the same tags', () => {
    const swagger = block();
    const prose = inlineSpecProse(swagger)!;
    for (const text of prose.texts) text.set(`«${text.text}»`);
    swagger.data.ref = { kind: 'url', url: prose.url() };
    const markdown = documentToMarkdown({ object: 'document', data: {}, nodes: [swagger] } as never);
    const expected = POST.replace('summary="Create a user"', 'summary="«Create a user»"')
      .replace('Creates a user. Needs an **admin** token.', '«Creates a user. Needs an **admin** token.»')
      .replace('\nBearer token\n', '\n«Bearer token»\n')
      .replace('\nThe e-mail address\n', '\n«The e-mail address»\n')
      .replace('description="User created"', 'description="«User created»"')
      .replace('status="400: Bad Request"', 'status="400: «Bad Request»"');
    expect(markdown).toBe(expected);
    expect(inlineSpecProse(markdownToDocument(markdown).nodes[0] as unknown as OpenApiBlock)!.texts.map((t) => t.text)).toEqual(
      prose.texts.map((t) => `«${t.text}»`),
    );
  });
});

describe('a legacy {% api-method %} block', () => {
  const GET_ORDER = [
    '{% api-method method="get" host="https://shop.example" path="/orders/:id" %}\n{% api-method-summary %}\nOne order\n{% endapi-method-summary %}',
    '{% api-method-description %}\nReads an order by its **id**.\n{% endapi-method-description %}',
    '{% api-method-spec %}\n{% api-method-request %}\n{% api-method-path-parameters %}\n{% api-method-parameter name="id" type="integer" required=true %}\nThe order number\n{% endapi-method-parameter %}\n{% endapi-method-path-parameters %}',
    '{% api-method-headers %}\n{% api-method-parameter name="Authorization" type="string" required="false" %}\n\n{% endapi-method-parameter %}\n{% endapi-method-headers %}\n{% endapi-method-request %}',
    '{% api-method-response %}\n{% api-method-response-example httpCode=200 %}\n{% api-method-response-example-description %}\nFound\n{% endapi-method-response-example-description %}',
    '```json\n{"id": 7}\n```\n{% endapi-method-response-example %}\n{% endapi-method-response %}\n{% endapi-method-spec %}\n{% endapi-method %}\n',
  ].join('\n\n');

  it('is a swagger block whose inline specification holds its operation, valid and written back as the same tags', () => {
    const document = markdownToDocument(GET_ORDER);
    const [block] = document.nodes as unknown as OpenApiBlock[];
    expect(block).toMatchObject({ type: 'swagger', data: { path: '/orders/:id', method: 'get' } });
    expect(documentSchemaErrors(document)).toEqual([]);
    const spec = inlineSpec(block.data.ref.kind === 'url' ? block.data.ref.url : '') as unknown as {
      servers: unknown;
      paths: Record<
        string,
        Record<string, { summary: string; description: string; parameters: unknown[]; responses: Record<string, unknown> }>
      >;
    };
    const operation = spec.paths['/orders/:id'].get;
    expect(spec.servers).toEqual([{ url: 'https://shop.example' }]);
    expect(operation.summary).toBe('One order');
    expect(operation.description).toBe('Reads an order by its **id**.');
    expect(operation.parameters).toMatchObject([
      { name: 'id', in: 'path', required: true, description: 'The order number', schema: { type: 'integer' } },
      { name: 'Authorization', in: 'header', schema: { type: 'string' } },
    ]);
    expect(operation.responses['200']).toMatchObject({ description: 'Found', content: { 'application/json': { example: '{"id": 7}' } } });
    const written = documentToMarkdown(document);
    expect(written).toBe(GET_ORDER);
    expect(documentToMarkdown(markdownToDocument(written))).toBe(written);
  });

  it('edited, is written as the {% swagger %} it now is', () => {
    const [block] = markdownToDocument(GET_ORDER).nodes as unknown as OpenApiBlock[];
    const prose = inlineSpecProse(block)!;
    prose.texts[0].set('One order, by id');
    block.data.ref = { kind: 'url', url: prose.url() };
    const written = documentToMarkdown({ object: 'document', data: {}, nodes: [block] } as never);
    expect(written).toMatch(
      /^\{% swagger method="get" path="\/orders\/:id" baseUrl="https:\/\/shop.example" summary="One order, by id" %\}/,
    );
    expect(written).not.toContain('api-method');
    expect(documentToMarkdown(markdownToDocument(written))).toBe(written);
  });

  it('holding a part no operation has stays visible as written', () => {
    const odd =
      '{% api-method method="get" host="https://x.example" path="/a" %}\n{% api-method-mystery %}\nWhat?\n{% endapi-method-mystery %}\n{% endapi-method %}\n';
    const document = markdownToDocument(odd);
    expect(document.nodes[0]).toMatchObject({ type: 'code', data: { title: 'GitBook block not converted, kept as written' } });
    const once = documentToMarkdown(document);
    expect(documentToMarkdown(markdownToDocument(once))).toBe(once);
  });

  it('with an empty request GitBook left unclosed, is still the operation, written back as written', () => {
    const markdown =
      '{% api-method method="get" host="https://status.example" path="/ping" %}\n{% api-method-summary %}\nPing\n{% endapi-method-summary %}\n\n' +
      '{% api-method-spec %}\n{% api-method-request %}\n\n{% api-method-response %}\n{% api-method-response-example httpCode=204 %}\n' +
      '{% api-method-response-example-description %}\nAlive\n{% endapi-method-response-example-description %}\n{% endapi-method-response-example %}\n' +
      '{% endapi-method-response %}\n{% endapi-method-spec %}\n{% endapi-method %}\n';
    const document = markdownToDocument(markdown);
    expect(document.nodes[0]).toMatchObject({ type: 'swagger', data: { path: '/ping', method: 'get' } });
    expect(documentSchemaErrors(document)).toEqual([]);
    expect(documentToMarkdown(document)).toBe(markdown);
  });
});
