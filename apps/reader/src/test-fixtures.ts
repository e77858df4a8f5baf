// Sites used by the reader's unit tests, browser tests and bench (not loaded by main unless READER_FIXTURES=demo).
import { demoSpace } from './content/demo-content';
import type { SpaceContent } from './content/content-source';
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
