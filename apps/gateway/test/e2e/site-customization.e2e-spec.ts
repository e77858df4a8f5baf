import { expectError, expectOperation, testStack } from '@bindery/testing';
import { eventually } from './helpers';
import { type SiteBody, type SiteSpaceBody, siteWithIntro } from './sites-helpers';

type Settings = Record<string, unknown> & { updatedAt?: string; title?: string; styling: Record<string, unknown> };

/** Site customization: the official operations, checked against the official schema, applied by the reader. */
describe('sites: customization', () => {
  const read = (path: string) => fetch(`${testStack().readerUrl}${path}`, { redirect: 'manual' });

  it('reads defaults, stores a PUT, refuses what the official schema refuses (400 naming the field), and the reader shows it', async () => {
    const { client, orgId, base, intro } = await siteWithIntro('custom');
    const url = `${base}/customization`;
    const defaults = expectOperation<Settings>(await client.get(url), 'getSiteCustomizationById', 200);
    expect(defaults.updatedAt).toBeUndefined();

    const settings = {
      ...defaults,
      title: 'Acme Handbook',
      styling: {
        ...defaults.styling,
        primaryColor: { light: '#0a7d33', dark: '#5fd38a' },
        tint: { color: { light: '#f0f7f2', dark: '#0d1a12' } },
        font: 'Lato',
      },
      favicon: { emoji: '1f4d8' },
      header: {
        preset: 'default',
        logo: { light: 'https://cdn.example.com/logo.png', dark: 'https://cdn.example.com/logo-dark.png' },
        links: [
          { title: 'Status', to: { kind: 'url', url: 'https://status.example.com' }, links: [] },
          { title: 'Evil', to: { kind: 'url', url: 'javascript:alert(1)' }, links: [] },
        ],
      },
      footer: {
        groups: [{ title: 'Company', links: [{ title: 'About', to: { kind: 'url', url: 'https://example.com/about' } }] }],
        copyright: '© Acme </footer><script>',
      },
      themes: { default: 'dark', toggeable: true },
      socialPreview: { url: 'https://cdn.example.com/card.png' },
    };
    const stored = expectOperation<Settings>(await client.put(url, settings), 'updateSiteCustomizationById', 200);
    expect(stored).toMatchObject({ title: 'Acme Handbook', themes: { default: 'dark' } });
    expect(typeof stored.updatedAt).toBe('string');
    expect(expectOperation<Settings>(await client.get(url), 'getSiteCustomizationById', 200)).toEqual(stored);

    for (const [body, field] of [
      [
        { ...settings, styling: { ...settings.styling, primaryColor: { light: 'red;}</style>', dark: '#000' } } },
        /styling\.primaryColor\.light/,
      ],
      [{ ...settings, themes: { default: 'sepia', toggeable: true } }, /themes\.default/],
      [{ ...settings, styling: { ...settings.styling, font: 'Comic Sans' } }, /styling\.font/],
      [{ ...settings, socialPreview: { url: 'not a url' } }, /socialPreview\.url/],
      [{ ...settings, footer: { groups: [], copyright: 'x'.repeat(600) } }, /footer\.copyright/],
      [{ title: 'No styling' }, /styling/],
    ] as const) {
      expectError(await client.put(url, body), 400, field);
    }

    // A site space's overrides: PATCH merges, null resets, DELETE removes them (205, then 204).
    const [siteSpace] = expectOperation<{ items: SiteSpaceBody[] }>(await client.get(`${base}/site-spaces`), 'listSiteSpaces', 200).items;
    const spaceUrl = `${base}/site-spaces/${siteSpace.id}/customization`;
    expect(expectOperation<Settings>(await client.get(spaceUrl), 'getSiteSpaceCustomizationById', 200)).toEqual(stored);
    const overridden = expectOperation<Settings>(
      await client.patch(spaceUrl, { title: 'Acme API', styling: { primaryColor: { light: '#aa2200', dark: '#ff7755' } } }),
      'overrideSiteSpaceCustomizationById',
      200,
    );
    expect(overridden).toMatchObject({ title: 'Acme API', styling: { primaryColor: { light: '#aa2200' }, font: 'Lato' } });
    expectError(
      await client.patch(spaceUrl, { styling: { tint: { color: { light: 'blue', dark: '#000' } } } }),
      400,
      /styling\.tint\.color\.light/,
    );
    const reset = expectOperation<Settings>(await client.patch(spaceUrl, { title: null }), 'overrideSiteSpaceCustomizationById', 200);
    expect(reset.title).toBe('Acme Handbook');
    expect((reset.styling.primaryColor as { light: string }).light).toBe('#aa2200');
    expect((await client.delete(spaceUrl)).status).toBe(205);
    expect((await client.delete(spaceUrl)).status).toBe(204);

    // The reader: title, theme, logo, links, footer, og:image, and colours in the site's own stylesheet.
    expectOperation<SiteBody>(await client.patch(base, { basename: 'acme', visibility: 'public' }), 'updateSiteById', 200);
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);
    const pageOf = async () => (await read(`/${orgId}/acme/${intro.path}`)).text();
    await eventually(async () => expect(await pageOf()).toContain('Acme Handbook'), 10_000);
    const html = await pageOf();
    expect(html).toContain('data-theme-default="dark"');
    expect(html).toContain('src="https://cdn.example.com/logo.png"');
    expect(html).toContain('href="https://status.example.com"');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('© Acme &lt;/footer&gt;&lt;script&gt;');
    expect(html).toContain('<meta property="og:image" content="https://cdn.example.com/card.png">');
    expect(html).not.toMatch(/style="/);
    const stylesheet = /<link rel="stylesheet" href="([^"]*~customization[^"]*\.css)">/.exec(html)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await (await read(stylesheet!)).text();
    expect(css).toContain('#0a7d33');
    expect(css).toContain('#5fd38a');

    // A change shows on the next request (the reader drops what it held on the site's event).
    expectOperation<Settings>(
      await client.put(url, {
        ...settings,
        title: 'Acme Docs',
        styling: { ...settings.styling, primaryColor: { light: '#123456', dark: '#abcdef' } },
      }),
      'updateSiteCustomizationById',
      200,
    );
    await eventually(async () => expect(await pageOf()).toContain('Acme Docs'), 10_000);
    const next = /<link rel="stylesheet" href="([^"]*~customization[^"]*\.css)">/.exec(await pageOf())?.[1];
    expect(next).not.toBe(stylesheet);
    expect(await (await read(next!)).text()).toContain('#123456');
  });
});

describe('sites: page feedback', () => {
  const post = (path: string, fields: Record<string, string>) =>
    fetch(`${testStack().readerUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it('a visitor rates a page through the reader (no script), comments, and admins list it', async () => {
    const { client, orgId, base, intro } = await siteWithIntro('feedback');
    const url = `${base}/customization`;
    const defaults = expectOperation<Settings>(await client.get(url), 'getSiteCustomizationById', 200);
    expectOperation<Settings>(await client.put(url, { ...defaults, feedback: { enabled: true } }), 'updateSiteCustomizationById', 200);
    expectOperation<SiteBody>(await client.patch(base, { basename: 'rated', visibility: 'public' }), 'updateSiteById', 200);
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);
    await eventually(async () => {
      const html = await (await fetch(`${testStack().readerUrl}/${orgId}/rated/${intro.path}`)).text();
      expect(html).toContain('Was this page helpful?');
    }, 10_000);

    const rated = await post(`/${orgId}/rated/~feedback`, { page: intro.id, rating: 'bad' });
    expect(rated.status).toBe(200);
    expect(await rated.text()).toContain('name="comment"');
    expect((await post(`/${orgId}/rated/~feedback`, { page: intro.id, rating: 'ok', comment: 'Missing the install step' })).status).toBe(
      200,
    );
    expect((await post(`/${orgId}/rated/~feedback`, { page: intro.id, rating: 'great' })).status).toBe(400);

    // One rating per visitor and page: the comment replaced the first rating.
    const listed = await client.get<{ items: Array<Record<string, unknown>>; count: number }>(`${base}/feedback`);
    expect(listed.status).toBe(200);
    const body = listed.body;
    expect(body.count).toBe(1);
    expect(body.items[0]).toMatchObject({ object: 'page-feedback', pageId: intro.id, rating: 'ok', comment: 'Missing the install step' });
    expect(typeof body.items[0].createdAt).toBe('string');
    expectError(await client.get(`${base}/feedback?pageId=${encodeURIComponent('../x')}`), 400, /pageId/);

    // By site space: the variant it was given in, another one (none), a bad id (400 naming it).
    const [siteSpace] = expectOperation<{ items: SiteSpaceBody[] }>(await client.get(`${base}/site-spaces`), 'listSiteSpaces', 200).items;
    const inSpace = await client.get<{ items: Array<Record<string, unknown>>; count: number }>(
      `${base}/feedback?siteSpaceId=${siteSpace.id}`,
    );
    expect([inSpace.status, inSpace.body.count, inSpace.body.items[0]?.siteSpaceId]).toEqual([200, 1, siteSpace.id]);
    const elsewhere = await client.get<{ count: number }>(`${base}/feedback?siteSpaceId=sitesp_other`);
    expect([elsewhere.status, elsewhere.body.count]).toEqual([200, 0]);
    expectError(await client.get(`${base}/feedback?siteSpaceId=${encodeURIComponent('a b')}`), 400, /siteSpaceId/);

    // A page of another origin cannot rate in its visitors' names.
    const forged = await fetch(`${testStack().readerUrl}/${orgId}/rated/~feedback`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
      body: new URLSearchParams({ page: intro.id, rating: 'good' }).toString(),
    });
    expect(forged.status).toBe(403);
    expect((await client.get<{ count: number; items: Array<{ rating: string }> }>(`${base}/feedback`)).body.items[0].rating).toBe('ok');
  });
});
