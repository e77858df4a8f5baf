// The demo site of a fresh stack: on the first `pnpm start`, a sample space is written through the
// public API (a change request of Markdown pages, merged), added to a site with basename `docs`,
// and published, so a new user opens a real site served by the reader at once. Only the API is
// used, as a person would: nothing here knows how services store things.

const md = (lines: string[]): string => lines.join('\n');

/** The sample pages: title, slug, description, Markdown, children. */
interface SamplePage {
  title: string;
  slug: string;
  description?: string;
  markdown: string;
  children?: SamplePage[];
}

export const DEMO_PAGES: SamplePage[] = [
  {
    title: 'Welcome',
    slug: 'welcome',
    description: 'What Bindery is and how a page looks.',
    markdown: md([
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
    ]),
  },
  {
    title: 'Guides',
    slug: 'guides',
    description: 'How to run your docs with Bindery.',
    markdown: 'Step-by-step guides: configure a site, then use the API.',
    children: [
      {
        title: 'Configure a site',
        slug: 'configure',
        markdown: md([
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
        ]),
      },
      {
        title: 'Use the API',
        slug: 'api',
        markdown: md([
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
        ]),
      },
    ],
  },
];

export interface DemoSiteInput {
  gatewayUrl: string;
  readerUrl: string;
  token: string;
  organizationId: string;
}

export interface DemoSite {
  spaceId: string;
  siteId: string;
  /** Where the reader serves it. */
  url: string;
}

/** Creates the sample space, writes its pages, publishes it as the site `docs`; returns its reader URL. */
export async function createDemoSite(input: DemoSiteInput): Promise<DemoSite> {
  const api = apiOf(input);
  const org = `/v1/orgs/${input.organizationId}`;
  const space = await api<{ id: string }>('POST', `${org}/spaces`, { title: 'Bindery demo' });
  const cr = await api<{ id: string }>('POST', `/v1/spaces/${space.id}/change-requests`, { subject: 'Sample pages' });
  const edits = `/v1/spaces/${space.id}/change-requests/${cr.id}/content?compat=false`;
  const insert = async (pages: SamplePage[], into?: string): Promise<void> => {
    const changes = pages.map((page, at) => ({
      operation: 'insert_page',
      ref: String(at),
      ...(into ? { into } : {}),
      title: page.title,
      slug: page.slug,
      ...(page.description ? { description: page.description } : {}),
      document: { markdown: page.markdown },
    }));
    const result = await api<{ changes: Array<{ ref?: string; page: { id: string } }> }>('POST', edits, { changes });
    for (const [at, page] of pages.entries()) {
      const created = result.changes.find((c) => c.ref === String(at));
      if (page.children && created) await insert(page.children, created.page.id);
    }
  };
  await insert(DEMO_PAGES);
  await api('POST', `/v1/spaces/${space.id}/change-requests/${cr.id}/merge`);
  const site = await api<{ id: string }>('POST', `${org}/sites`, { title: 'Bindery Docs', spaces: [space.id] });
  await api('PATCH', `${org}/sites/${site.id}`, { basename: 'docs', visibility: 'public' });
  await api('POST', `${org}/sites/${site.id}/publish`);
  return { spaceId: space.id, siteId: site.id, url: `${input.readerUrl}/${input.organizationId}/docs` };
}

function apiOf(input: DemoSiteInput) {
  return async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${input.gatewayUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${input.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`demo site: ${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : {}) as T;
  };
}
