// Sites used by the reader's unit tests, browser tests and bench (not loaded by main unless READER_FIXTURES=demo).
import { demoSpace, page } from './content/demo-content';
import type { SpaceContent } from './content/content-source';
import { MemorySpecSource } from './openapi/spec-source';
import type { PublishedSite } from './sites/site-directory';

export const DEMO_ORG = 'demo';

export function demoSite(overrides: Partial<PublishedSite> = {}): PublishedSite {
  return {
    id: 'site-demo',
    organizationId: DEMO_ORG,
    title: 'Bindery Docs',
    basename: 'docs',
    visibility: 'public',
    published: true,
    agentsContext: 'included',
    adaptiveContent: true,
    version: '1',
    sections: [
      {
        id: 'sec-guide',
        title: 'Guide',
        path: 'guide',
        default: true,
        siteSpaces: [
          { id: 'ss-v2', title: 'v2', path: 'v2', default: true, spaceId: 'space-demo' },
          { id: 'ss-v1', title: 'v1', path: 'v1', default: false, spaceId: 'space-demo-v1' },
        ],
      },
      {
        id: 'sec-beta',
        title: 'Beta',
        path: 'beta',
        default: false,
        condition: 'visitor.claims.unsigned.beta === true',
        siteSpaces: [{ id: 'ss-beta', title: 'Beta', path: 'beta', default: true, spaceId: 'space-beta' }],
      },
    ],
    ...overrides,
  };
}

export function demoContents(): SpaceContent[] {
  const main = demoSpace('space-demo');
  main.pages.push(page('p-blocks', 'Blocks', 'blocks', BLOCKS));
  return [main, demoSpace('space-demo-v1', 'rev-v1'), demoSpace('space-beta', 'rev-beta')];
}

/** A page of the GitBook blocks and marks beyond plain Markdown (the `if` block shows with `?visitor.beta=true`). */
export const BLOCKS = `## Steps <a href="#get-started" id="get-started"></a>

{% stepper %}
{% step %}
Install the <kbd>CLI</kbd>.
{% endstep %}
{% step %}
Run it: E = mc<sup>2</sup>, H<sub>2</sub>O <span data-gb-custom-inline data-tag="emoji" data-code="1f44d">👍</span>
{% endstep %}
{% endstepper %}

{% columns %}
{% column width="60%" %}
<mark style="color:red;background-color:yellow;">Highlighted</mark> and <mark style="color:$primary;">primary</mark> text.
{% endcolumn %}
{% column width="40%" %}
Second column.
{% endcolumn %}
{% endcolumns %}

{% if visitor.claims.unsigned.beta === true %}
Beta-only notes.
{% endif %}

{% updates format="full" %}
{% update date="2025-03-14" %}
Released 2.0.
{% endupdate %}
{% endupdates %}

{% swagger src="https://example.com/openapi.yaml" path="/pets" method="get" %}
[openapi.yaml](https://example.com/openapi.yaml)
{% endswagger %}
`;

/** The spec of the demo's API reference block (`petstore`: `POST /pets`). */
export function demoSpecs(): MemorySpecSource {
  return new MemorySpecSource({
    [`${DEMO_ORG}/petstore`]: {
      hash: 'petstore-1',
      doc: {
        openapi: '3.0.3',
        info: { title: 'Pets', version: '1.0.0' },
        servers: [{ url: 'https://api.example.com' }],
        paths: {
          '/pets': {
            post: {
              summary: 'Add a pet',
              description: 'Creates a pet in the store.',
              parameters: [{ name: 'dryRun', in: 'query', schema: { type: 'boolean' }, description: 'Validate only' }],
              requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
              responses: {
                '201': { description: 'Created', content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } } },
                '400': { description: 'Invalid pet' },
              },
            },
          },
        },
        components: {
          schemas: {
            Pet: {
              type: 'object',
              required: ['name'],
              properties: {
                id: { type: 'string', format: 'uuid' },
                name: { type: 'string', example: 'Rex' },
                tags: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  });
}
