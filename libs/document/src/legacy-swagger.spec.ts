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
    const markdown = '{% api-method method="get" host="https://api.example.com" path="/v1" %}\n\nList **things**.\n\n{% endapi-method %}\n';
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
