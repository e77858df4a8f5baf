import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { demoSpace } from '../fixtures/demo-content';
import { MemoryContentSource } from '../fixtures/memory-content';
import { MemorySpecSource } from '../../src/openapi/spec-source';
import { MemorySiteDirectory } from '../fixtures/memory-directory';
import { DEMO_ORG, demoContents, demoSite } from '../fixtures/demo-site';
import { ReaderService } from '../../src/http/reader.service';
import { type TestClient, testClient, type TestRequest } from './client';

const get = (url: string, extra: Partial<TestRequest> = {}): TestRequest => ({
  method: 'GET',
  host: 'localhost:8090',
  url,
  headers: {},
  secure: false,
  ...extra,
});

function reader(sites = [demoSite()], key: Record<string, unknown> | null = null): TestClient {
  return testClient(
    new ReaderService(new MemorySiteDirectory(sites, { publicKey: () => Promise.resolve(key) }), new MemoryContentSource(demoContents()), {
      cacheBytes: 1 << 20,
    }),
  );
}

describe('ReaderService', () => {
  it('renders a page with navigation, table of contents, highlighting, tabs and previous/next', async () => {
    const res = await reader().handle(get(`/${DEMO_ORG}/docs/welcome`));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<h1>Welcome</h1>');
    expect(res.body).toContain('<h2 id="install">');
    expect(res.body).toContain('role="tablist"');
    expect(res.body).toContain('hljs-keyword');
    expect(res.body).toContain('rel="next" href="/demo/docs/guides/configure"');
    expect(res.body).toContain('<a href="#install">Install</a>');
    expect(res.body).toContain('class="hint hint-info"');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:8090/demo/docs/welcome">');
    expect(res.body).not.toContain('noindex');
    expect(res.body).not.toContain('Draft');
    expect(res.body.length).toBeLessThan(100_000);
  });

  it('serves the first page at the site root, variants by path, and 404s for hidden pages and hidden sections', async () => {
    const r = reader();
    expect((await r.handle(get('/demo/docs'))).body).toContain('<h1>Welcome</h1>');
    const v1 = await r.handle(get('/demo/docs/v1/guides/api'));
    expect(v1.status).toBe(200);
    expect(v1.body).toContain('href="/demo/docs/v1/guides/configure"');
    expect((await r.handle(get('/demo/docs/draft'))).status).toBe(404);
    expect((await r.handle(get('/demo/docs/beta/welcome'))).status).toBe(404);
    const beta = await r.handle(get('/demo/docs/beta/welcome?visitor.beta=true'));
    expect(beta.status).toBe(200);
    expect(beta.body).toContain('Beta</a>');
  });

  it('redirects old page paths and group paths', async () => {
    const r = reader();
    expect(await r.handle(get('/demo/docs/old-welcome'))).toMatchObject({ status: 301, headers: { location: '/demo/docs/welcome' } });
    expect(await r.handle(get('/demo/docs/guides'))).toMatchObject({ status: 302, headers: { location: '/demo/docs/guides/configure' } });
  });

  it('answers a styled 404 for unknown sites, paths and traversal attempts, never a 500', async () => {
    const r = reader();
    for (const url of [
      '/nobody/docs',
      '/demo/docs/nope',
      '/demo/docs/..%2f..%2fetc/passwd',
      '/demo/docs/%E0%A4%A',
      '/demo/docs/a%00b',
      '/',
    ]) {
      const res = await r.handle(get(url));
      expect([url, res.status]).toEqual([url, 404]);
      expect(res.body).toContain('<title>');
    }
    expect((await r.handle(get(`/demo/docs/welcome?${'a=1&'.repeat(2000)}`))).status).toBe(414);
    expect((await r.handle({ ...get('/demo/docs/welcome'), method: 'POST' })).status).toBe(405);
  });

  it('finds a site by custom hostname and by organization hostname plus basename', async () => {
    const r = reader([
      demoSite({ hostname: 'docs.example.com' }),
      demoSite({ id: 'site-2', basename: 'api', organizationHostname: 'acme.bindery.test' }),
    ]);
    expect((await r.handle(get('/welcome', { host: 'docs.example.com' }))).status).toBe(200);
    const byOrgHost = await r.handle(get('/api/guides/api', { host: 'acme.bindery.test' }));
    expect(byOrgHost.status).toBe(200);
    expect(byOrgHost.body).toContain('href="/api/guides/configure"');
    expect((await r.handle(get('/other/welcome', { host: 'acme.bindery.test' }))).status).toBe(404);
  });

  it('sends ETag and Cache-Control, and 304 for a matching If-None-Match; a new revision changes the ETag', async () => {
    const contents = new MemoryContentSource(demoContents());
    const r = testClient(new ReaderService(new MemorySiteDirectory([demoSite()]), contents, { cacheBytes: 1 << 20 }));
    const first = await r.handle(get('/demo/docs/welcome'));
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const etag = String(first.headers.etag);
    expect((await r.handle(get('/demo/docs/welcome', { headers: { 'if-none-match': etag } }))).status).toBe(304);
    contents.put(demoSpace('space-demo', 'rev-2'));
    const after = await r.handle(get('/demo/docs/welcome', { headers: { 'if-none-match': etag } }));
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
  });

  it('unlisted sites are noindex everywhere; robots.txt and sitemap.xml follow visibility', async () => {
    const pub = reader();
    expect((await pub.handle(get('/demo/docs/robots.txt'))).body).toContain('Sitemap: http://localhost:8090/demo/docs/sitemap.xml');
    const sitemap = (await pub.handle(get('/demo/docs/sitemap.xml'))).body;
    expect(sitemap).toContain('<loc>http://localhost:8090/demo/docs/welcome</loc>');
    expect(sitemap).toContain('<loc>http://localhost:8090/demo/docs/v1/guides/api</loc>');
    expect(sitemap).not.toContain('draft');
    expect(sitemap).not.toContain('/beta/');
    const unlisted = reader([demoSite({ visibility: 'unlisted' })]);
    const page = await unlisted.handle(get('/demo/docs/welcome'));
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.headers['x-robots-tag']).toBe('noindex');
    expect((await unlisted.handle(get('/demo/docs/robots.txt'))).body).toContain('Disallow: /');
    expect((await unlisted.handle(get('/demo/docs/sitemap.xml'))).body).not.toContain('<loc>');
  });

  it('serves pages as Markdown and the site as llms.txt only when agentsContext is included', async () => {
    const md = await reader().handle(get('/demo/docs/guides/configure.md'));
    expect(md.headers['content-type']).toMatch(/text\/markdown/);
    expect(md.body).toMatch(/^# Configure a site\n/);
    expect(md.body).toContain('`public` sites are indexed');
    const llms = await reader().handle(get('/demo/docs/llms.txt'));
    expect(llms.body).toContain('- [Configure a site](http://localhost:8090/demo/docs/guides/configure.md)');
    expect((await reader([demoSite({ agentsContext: 'excluded' })]).handle(get('/demo/docs/llms.txt'))).status).toBe(404);
  });

  it('share-link: the key opens the site and is kept in a cookie; no key or another site’s key is a 404', async () => {
    const r = reader([
      demoSite({ visibility: 'share-link', shareKeys: ['key-a'] }),
      demoSite({ id: 'other', basename: 'other', visibility: 'share-link', shareKeys: ['key-b'] }),
    ]);
    expect((await r.handle(get('/demo/docs/welcome'))).status).toBe(404);
    expect((await r.handle(get('/demo/docs/welcome?share=key-b'))).status).toBe(404);
    const opened = await r.handle(get('/demo/docs/welcome?share=key-a'));
    expect(opened.status).toBe(200);
    expect(opened.headers['cache-control']).toBe('private, no-cache');
    const cookie = String(opened.headers['set-cookie']).split(';')[0];
    expect(cookie).toBe('bindery_share=key-a');
    expect((await r.handle(get('/demo/docs/guides/api', { headers: { cookie } }))).status).toBe(200);
    expect((await r.handle(get('/demo/docs/other/welcome', { headers: { cookie: 'bindery_share=key-a' } }))).status).toBe(404);
    const shareUrl = await r.handle(get('/demo/docs/~share/key-a/guides/api'));
    expect(shareUrl.status).toBe(200);
    expect(String(shareUrl.headers['set-cookie'])).toMatch(/^bindery_share=key-a; Path=\/demo\/docs;/);
  });

  it('visitor-auth: a valid JWT opens the site and its claims drive adaptive content; invalid or expired is 401 or the login redirect', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const other = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), alg: 'ES256' };
    const sign = (claims: Record<string, unknown>, key = privateKey, exp = '1h') =>
      new SignJWT(claims).setProtectedHeader({ alg: 'ES256' }).setSubject('visitor-1').setIssuedAt().setExpirationTime(exp).sign(key);
    const site = demoSite({ visibility: 'visitor-auth' });
    const r = reader([site], jwk);
    expect((await r.handle(get('/demo/docs/welcome'))).status).toBe(401);
    expect((await r.handle(get('/demo/docs/welcome?jwt_token=not-a-jwt'))).status).toBe(401);
    expect((await r.handle(get(`/demo/docs/welcome?jwt_token=${await sign({}, other.privateKey)}`))).status).toBe(401);
    const expired = await new SignJWT({}).setProtectedHeader({ alg: 'ES256' }).setIssuedAt(1000).setExpirationTime(2000).sign(privateKey);
    expect((await r.handle(get(`/demo/docs/welcome?jwt_token=${expired}`))).status).toBe(401);
    const ok = await r.handle(get(`/demo/docs/welcome?jwt_token=${await sign({})}`));
    expect(ok.status).toBe(200);
    expect(String(ok.headers['set-cookie'])).toMatch(/^bindery_visitor=.+HttpOnly/);
    expect(ok.body).not.toContain('>Beta</a>');
    const beta = await r.handle(get(`/demo/docs/beta/welcome?jwt_token=${await sign({ unsigned: { beta: true } })}`));
    expect(beta.status).toBe(200);
    const withLogin = reader([demoSite({ visibility: 'visitor-auth', visitorAuthLoginUrl: 'https://login.example.com/start' })], jwk);
    const redirect = await withLogin.handle(get('/demo/docs/welcome'));
    expect(redirect.status).toBe(302);
    // As GitBook does: `location` is the path inside the site (the refused token left out).
    expect(redirect.headers.location).toBe('https://login.example.com/start?location=welcome');
    const deep = await withLogin.handle(get(`/demo/docs/v1/guides/api?jwt_token=${expired}&visitor.beta=true`));
    expect(deep.status).toBe(302);
    expect(new URL(deep.headers.location as string).searchParams.get('location')).toBe('v1/guides/api?visitor.beta=true');
  });

  it("visitor-auth: a token signed (HS256) with the site's publishing-auth key opens it; another key's, or after regenerate, does not", async () => {
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), alg: 'ES256' };
    const hs256 = (key: string, exp = '1h') =>
      new SignJWT({ plan: 'pro' })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(key));
    const site = demoSite({
      visibility: 'visitor-auth',
      visitorAuthKey: 'site-key-one',
      visitorAuthLoginUrl: 'https://login.example.com/',
    });
    const directory = new MemorySiteDirectory([site], { publicKey: () => Promise.resolve(jwk) });
    const r = testClient(new ReaderService(directory, new MemoryContentSource(demoContents()), { cacheBytes: 1 << 20 }));
    const token = await hs256('site-key-one');
    expect((await r.handle(get(`/demo/docs/welcome?jwt_token=${token}`))).status).toBe(200);
    expect((await r.handle(get(`/demo/docs/welcome?jwt_token=${await hs256('another-site-key')}`))).status).toBe(302);
    expect((await r.handle(get(`/demo/docs/welcome?jwt_token=${await hs256('site-key-one', '-1m')}`))).status).toBe(302);
    // An HS256 token is never checked against the organization's key, nor an ES256 one with the site's.
    directory.put({ ...site, visitorAuthKey: undefined, visitorAuthLoginUrl: undefined });
    expect((await r.handle(get(`/demo/docs/welcome?jwt_token=${token}`))).status).toBe(401);
    // Regenerated: the old key's tokens are refused, cookie included (and the cookie is cleared).
    directory.put({ ...site, visitorAuthKey: 'site-key-two' });
    const cookie = { headers: { cookie: `bindery_visitor=${token}` } };
    const refused = await r.handle(get('/demo/docs/welcome', cookie));
    expect(refused.status).toBe(302);
    expect(String(refused.headers['set-cookie'])).toMatch(/^bindery_visitor=;.*Max-Age=0/);
    expect((await r.handle(get(`/demo/docs/welcome?jwt_token=${await hs256('site-key-two')}`))).status).toBe(200);
  });

  it('search answers JSON results inside the variant, with the parent path; unpublished sites are 404', async () => {
    const json = { headers: { accept: 'application/json' } };
    const res = await reader().handle(get('/demo/docs/~search?q=visibility', json));
    const body = JSON.parse(res.body) as { available: boolean; results: Array<{ title: string; url: string }> };
    expect(body.available).toBe(true);
    expect(body.results[0]).toMatchObject({ title: 'Configure a site', url: '/demo/docs/guides/configure', path: ['Guides'] });
    expect((await reader([demoSite({ published: false })]).handle(get('/demo/docs/welcome'))).status).toBe(404);
  });

  it("renders API reference blocks from the organization's spec; a new spec version is a new ETag", async () => {
    const space = demoSpace('space-demo');
    const api = space.pages[1].pages[1];
    api.document = {
      object: 'document',
      data: {},
      nodes: [
        {
          object: 'block',
          type: 'openapi-operation',
          isVoid: true,
          data: { ref: { kind: 'openapi', spec: 'petstore' }, path: '/pets', method: 'post' },
        } as never,
      ],
    };
    const spec = (summary: string) => ({
      paths: { '/pets': { post: { summary, responses: { '201': { description: 'Created' } } } } },
    });
    const specs = new MemorySpecSource();
    specs.put(DEMO_ORG, 'petstore', { hash: 'h1', doc: spec('Add a pet') });
    const r = testClient(
      new ReaderService(new MemorySiteDirectory([demoSite()]), new MemoryContentSource([space, ...demoContents().slice(1)]), {
        cacheBytes: 1 << 20,
        specs,
      }),
    );
    const first = await r.handle(get('/demo/docs/guides/api'));
    expect(first.body).toContain('<span class="oa-method oa-method-post">POST</span>');
    expect(first.body).toContain('<strong>Add a pet</strong>');
    specs.put(DEMO_ORG, 'petstore', { hash: 'h2', doc: spec('Create a pet') });
    const second = await r.handle(get('/demo/docs/guides/api', { headers: { 'if-none-match': String(first.headers.etag) } }));
    expect(second.status).toBe(200);
    expect(second.body).toContain('<strong>Create a pet</strong>');
    // Another organization's spec of the same slug is never used.
    const other = testClient(
      new ReaderService(new MemorySiteDirectory([demoSite()]), new MemoryContentSource([space]), {
        cacheBytes: 1 << 20,
        specs: new MemorySpecSource({ 'other-org/petstore': { hash: 'x', doc: spec('Leaked') } }),
      }),
    );
    const page = await other.handle(get('/demo/docs/guides/api'));
    expect(page.body).not.toContain('Leaked');
    expect(page.body).toContain('is not available');
  });

  it('renders the GitBook blocks of a page and shows an if block only to visitors whose claims satisfy it (HTML and Markdown)', async () => {
    const r = reader();
    const plain = await r.handle(get('/demo/docs/blocks'));
    expect(plain.status).toBe(200);
    expect(plain.body).toContain('<ol class="stepper">');
    expect(plain.body).toContain('<kbd>CLI</kbd>');
    expect(plain.body).toContain('<h2 id="get-started">');
    expect(plain.body).toContain('<mark class="bg-yellow tc-red">Highlighted</mark>');
    expect(plain.body).toContain('<time datetime="2025-03-14">March 14, 2025</time>');
    expect(plain.body).toContain('class="card openapi-ref" href="https://example.com/openapi.yaml"');
    expect(plain.body).not.toContain('Beta-only');
    const beta = await r.handle(get('/demo/docs/blocks?visitor.beta=true'));
    expect(beta.body).toContain('Beta-only notes.');
    // Cached per claims: the hidden page is not served from the visible one's cache entry, nor its ETag.
    expect(beta.headers.etag).not.toBe(plain.headers.etag);
    expect((await r.handle(get('/demo/docs/blocks'))).body).not.toContain('Beta-only');
    expect((await r.handle(get('/demo/docs/blocks.md'))).body).not.toContain('Beta-only');
    expect((await r.handle(get('/demo/docs/blocks.md?visitor.beta=true'))).body).toContain('Beta-only notes.');
    // Pages without if blocks are shared by every visitor.
    expect((await r.handle(get('/demo/docs/welcome?visitor.other=true'))).headers.etag).toBe(
      (await r.handle(get('/demo/docs/welcome'))).headers.etag,
    );
  });

  it('without script, the search form leads to a results page in the site chrome, matches marked', async () => {
    const res = await reader().handle(get('/demo/docs/~search?q=visibility'));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<span class="hit-path">Guides</span>');
    expect(res.body).toContain('<mark>Visibility</mark>');
    expect(res.body).toContain('id="sidebar"');
    expect(res.body).toContain('1 result for “visibility”');
    expect((await reader().handle(get('/demo/docs/~search?q=%3Cscript%3E'))).body).not.toContain('<script>');
  });

  it('a missing page inside a site keeps the chrome: navigation, search, suggestions, Home to the site root', async () => {
    const res = await reader().handle(get('/demo/docs/welcom'));
    expect(res.status).toBe(404);
    expect(res.body).toContain('id="sidebar"');
    expect(res.body).toContain('action="/demo/docs/~search"');
    expect(res.body).toContain('<li><a href="/demo/docs/welcome">Welcome</a></li>');
    expect(res.body).toContain('<a href="/demo/docs">Home</a>');
    expect(res.body).not.toMatch(/published with Bindery|class="brand">Bindery</);
    // An unknown site has no chrome and no product name.
    const unknown = await reader().handle(get('/nobody/docs/welcome'));
    expect(unknown.status).toBe(404);
    expect(unknown.body).not.toContain('Bindery');
  });

  it('renders collapsible groups, breadcrumbs, the drawer and the search dialog on the server', async () => {
    const res = await reader().handle(get('/demo/docs/guides/api'));
    expect(res.body).toContain('<details open><summary>Guides</summary>');
    expect(res.body).toContain(
      '<nav class="breadcrumbs" aria-label="Breadcrumb"><ol><li><a href="/demo/docs/guides">Guides</a></li></ol></nav>',
    );
    expect(res.body).toMatch(/<nav class="sidebar" id="sidebar" aria-label="Pages" popover>/);
    expect(res.body).toContain('popovertarget="sidebar"');
    expect(res.body).toContain('<dialog class="search-dialog"');
    // The stored theme is applied by a blocking script file in <head>, never inline.
    expect(res.body).toMatch(/<script src="\/_reader\/theme\.[0-9a-f]+\.js"><\/script>\s*<link rel="stylesheet"/);
  });

  it('compresses pages with brotli or gzip as accepted, once per cached page, with an ETag per encoding', async () => {
    const r = reader();
    const plain = await r.handle(get('/demo/docs/welcome'));
    const zlib = jest.requireActual<typeof import('node:zlib')>('node:zlib');
    const brotli = jest.spyOn(zlib, 'brotliCompress');
    const br = await r.handle(get('/demo/docs/welcome', { headers: { 'accept-encoding': 'gzip, deflate, br' } }));
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    expect(br.headers.etag).not.toBe(plain.headers.etag);
    expect(zlib.brotliDecompressSync(br.raw).toString()).toBe(plain.body);
    await r.handle(get('/demo/docs/welcome', { headers: { 'accept-encoding': 'br' } }));
    expect(brotli).toHaveBeenCalledTimes(1);
    const gz = await r.handle(get('/demo/docs/welcome', { headers: { 'accept-encoding': 'gzip;q=1, br;q=0' } }));
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.raw).toString()).toBe(plain.body);
    const again = await r.handle(
      get('/demo/docs/welcome', { headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } }),
    );
    expect(again.status).toBe(304);
    brotli.mockRestore();
  });

  it('serves every page as Markdown in llms-full.txt, only when agentsContext is included', async () => {
    const res = await reader().handle(get('/demo/docs/llms-full.txt'));
    expect(res.status).toBe(200);
    expect(res.body).toContain('# Configure a site');
    expect(res.body).toContain('Source: http://localhost:8090/demo/docs/guides/configure.md');
    expect(res.body).toContain('pnpm add @bindery/cli');
    expect(res.body).not.toContain('Not ready.');
    expect((await reader([demoSite({ agentsContext: 'excluded' })]).handle(get('/demo/docs/llms-full.txt'))).status).toBe(404);
  });
});
