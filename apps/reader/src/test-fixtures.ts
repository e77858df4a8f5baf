// Sites used by the reader's unit tests, browser tests and bench (not loaded by main unless READER_FIXTURES=demo).
import { demoSpace } from './content/demo-content';
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
  return [demoSpace('space-demo'), demoSpace('space-demo-v1', 'rev-v1'), demoSpace('space-beta', 'rev-beta')];
}

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
