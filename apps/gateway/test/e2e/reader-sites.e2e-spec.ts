import { expectOperation, testStack } from '@bindery/testing';
import { createChangeRequest, editContent, merge } from './content-helpers';
import { eventually } from './helpers';
import { type SiteBody, siteWithIntro } from './sites-helpers';

/** The reader app end to end: a space published as a site through the API, read as HTML over NATS. */
describe('reader: published sites as HTML', () => {
  const read = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${testStack().readerUrl}${path}`, { headers, redirect: 'manual' });

  it('serves a published site, shows a merge within seconds, hides it once unpublished; share links need their key', async () => {
    const { client, orgId, spaceIds, base, ids, intro } = await siteWithIntro('reader');
    const [spaceId] = spaceIds;
    expectOperation<SiteBody>(await client.patch(base, { basename: 'handbook', visibility: 'public' }), 'updateSiteById', 200);
    expect((await read(`/${orgId}/handbook/${intro.path}`)).status).toBe(404); // not published yet
    expectOperation<SiteBody>(await client.post(`${base}/publish`), 'publishSite', 200);

    await eventually(async () => {
      const page = await read(`/${orgId}/handbook/${intro.path}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('<h1>Intro</h1>');
      expect(html).toContain('alpha');
      expect(html).toContain('>Setup</a>');
      expect(page.headers.get('etag')).toBeTruthy();
    }, 10_000);
    const sitemap = await (await read(`/${orgId}/handbook/sitemap.xml`)).text();
    expect(sitemap).toContain(`/${orgId}/handbook/${intro.path}</loc>`);
    const markdown = await read(`/${orgId}/handbook/${intro.path}.md`);
    expect(await markdown.text()).toContain('# Intro');

    const cr = await createChangeRequest(client, spaceId, 'Retitle');
    await editContent(client, spaceId, cr.id, [{ operation: 'update_page', page: ids.Intro, title: 'Introduction' }]);
    await merge(client, spaceId, cr.id);
    await eventually(
      async () => expect(await (await read(`/${orgId}/handbook/${intro.path}`)).text()).toContain('<h1>Introduction</h1>'),
      10_000,
    );

    // Bad input: traversal, unknown organization, another basename: a styled 404, never a 500.
    for (const path of [`/${orgId}/handbook/..%2f..%2fetc%2fpasswd`, `/nobody/handbook/${intro.path}`, `/${orgId}/other/${intro.path}`]) {
      expect([path, (await read(path)).status]).toEqual([path, 404]);
    }

    const shared = expectOperation<SiteBody>(await client.patch(base, { visibility: 'share-link' }), 'updateSiteById', 200);
    await eventually(async () => expect((await read(`/${orgId}/handbook/${intro.path}`)).status).toBe(404), 10_000);
    const key = shared.shareKey ?? new URL(shared.urls.published ?? 'http://x/').pathname.split('/~share/')[1];
    expect(key).toBeTruthy();
    const opened = await read(`/${orgId}/handbook/~share/${key}/${intro.path}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain('noindex');
    const cookie = (opened.headers.get('set-cookie') ?? '').split(';')[0];
    expect((await read(`/${orgId}/handbook/${intro.path}`, { cookie })).status).toBe(200);
    expect((await read(`/${orgId}/handbook/~share/not-the-key/${intro.path}`)).status).toBe(404);

    expectOperation<SiteBody>(await client.post(`${base}/unpublish`), 'unpublishSite', 200);
    await eventually(async () => expect((await read(`/${orgId}/handbook/${intro.path}`, { cookie })).status).toBe(404), 10_000);
  });
});
