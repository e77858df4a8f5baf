// A sample space built from Markdown with the shared document library: the demo site of a fresh
// stack, the fixture of the reader's tests and browser tests, and (scaled up) the bench's big site.
import { markdownToDocument } from '@bindery/document';
import type { ReaderPage, SpaceContent } from './content-source';

const md = (lines: string[]): string => lines.join('\n');

const WELCOME = md([
  'Bindery publishes your spaces as fast, accessible websites. This page shows the blocks a page can hold.',
  '',
  '## Install',
  '',
  '{% tabs %}',
  '{% tab title="pnpm" %}',
  '```bash',
  'pnpm add @bindery/cli',
  '```',
  '{% endtab %}',
  '{% tab title="npm" %}',
  '```bash',
  'npm install @bindery/cli',
  '```',
  '{% endtab %}',
  '{% endtabs %}',
  '',
  '{% hint style="info" %}',
  'Every page is also available as **Markdown**: add `.md` to its address.',
  '{% endhint %}',
  '',
  '## Write',
  '',
  '```typescript',
  'export function greet(name: string): string {',
  '  return `Hello, ${name}!`; // highlighted on the server',
  '}',
  '```',
  '',
  '- [x] Headings with anchors',
  '- [x] Code with syntax highlighting',
  '- [ ] Your first page',
  '',
  '| Block | Rendered |',
  '| --- | :---: |',
  '| Tables | yes |',
  '| Hints | yes |',
  '',
  '<details>',
  '<summary>What about old links?</summary>',
  '',
  'Pages that moved redirect to their new address.',
  '',
  '</details>',
  '',
  '> Documentation is a product too.',
]);

const CONFIGURE = md([
  'Sites are configured in the API: visibility, sections, variants and adaptive content.',
  '',
  '## Visibility',
  '',
  '1. `public` sites are indexed by search engines.',
  '2. `unlisted` sites are not.',
  '3. `share-link` and `visitor-auth` sites need a key or a token.',
  '',
  '{% hint style="warning" %}',
  'A hidden page is a 404 for readers, never a leak.',
  '{% endhint %}',
]);

const API = md([
  'The HTTP API speaks the `@gitbook/api` dialect.',
  '',
  '## Authentication',
  '',
  '```http',
  'GET /v1/user HTTP/1.1',
  'Authorization: Bearer <token>',
  '```',
  '',
  '## Errors',
  '',
  'Errors are JSON: `{"error":{"code":404,"message":"…"}}`.',
]);

let keySeed = 0;
const newKey = (): string => `k${(++keySeed).toString(36)}`;

export function page(id: string, title: string, path: string, markdown: string, extra: Partial<ReaderPage> = {}): ReaderPage {
  return { id, title, path, type: 'document', document: markdownToDocument(markdown, { newKey }), pages: [], ...extra };
}

/** An API reference block (the `petstore` spec's `POST /pets`) at the end of a page. */
function withOperation(target: ReaderPage): ReaderPage {
  const block = {
    object: 'block',
    type: 'openapi-operation',
    isVoid: true,
    key: newKey(),
    data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'post' },
  };
  target.document?.nodes.push(block as never);
  return target;
}

/** The demo space: a landing page, a guide group, a reference page and a hidden draft. */
export function demoSpace(spaceId: string, revisionId = 'rev-1'): SpaceContent {
  return {
    spaceId,
    revisionId,
    files: [],
    redirects: { 'old-welcome': 'welcome' },
    pages: [
      page('p-welcome', 'Welcome', 'welcome', WELCOME, { description: 'What Bindery is and how a page looks.' }),
      {
        id: 'g-guides',
        title: 'Guides',
        path: 'guides',
        type: 'group',
        pages: [
          page('p-configure', 'Configure a site', 'guides/configure', CONFIGURE),
          withOperation(page('p-api', 'Use the API', 'guides/api', API)),
        ],
      },
      page('p-draft', 'Draft', 'draft', 'Not ready.', { hidden: true }),
    ],
  };
}

/** A space of `count` pages in groups of 100 (the bench's 10,000-page site). */
export function largeSpace(spaceId: string, count: number, revisionId = 'rev-1'): SpaceContent {
  const body = markdownToDocument(CONFIGURE + '\n\n' + API, { newKey });
  const groups: ReaderPage[] = [];
  for (let g = 0; g * 100 < count; g++) {
    const pages: ReaderPage[] = [];
    for (let i = g * 100; i < Math.min(count, (g + 1) * 100); i++) {
      pages.push({ id: `p${i}`, title: `Page ${i}`, path: `group-${g}/page-${i}`, type: 'document', document: body, pages: [] });
    }
    groups.push({ id: `g${g}`, title: `Group ${g}`, path: `group-${g}`, type: 'group', pages });
  }
  return { spaceId, revisionId, files: [], pages: groups };
}
