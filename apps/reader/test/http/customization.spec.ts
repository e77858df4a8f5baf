import { MemoryGitLinks } from '../../src/content/git-links';
import { MemoryFeedbackSink } from '../../src/feedback/feedback-sink';
import { ReaderService } from '../../src/http/reader.service';
import { DEFAULT_READER_CUSTOMIZATION, type ReaderCustomization } from '../../src/sites/customization';
import { MemoryContentSource } from '../fixtures/memory-content';
import { MemorySiteDirectory } from '../fixtures/memory-directory';
import { DEMO_ORG, demoContents, demoSite } from '../fixtures/demo-site';
import { testClient, type TestRequest } from './client';

const request = (url: string, extra: Partial<TestRequest> = {}): TestRequest => ({
  method: 'GET',
  host: 'localhost:8090',
  url,
  headers: {},
  secure: false,
  ...extra,
});
const form = (url: string, fields: Record<string, string>): TestRequest =>
  request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

function reader(custom: Partial<ReaderCustomization>, sink = new MemoryFeedbackSink(), git = new MemoryGitLinks()) {
  const site = demoSite({ customization: { ...DEFAULT_READER_CUSTOMIZATION, ...custom } });
  const service = new ReaderService(
    new MemorySiteDirectory([site], { publicKey: () => Promise.resolve(null) }),
    new MemoryContentSource(demoContents()),
    { cacheBytes: 1 << 20, feedback: sink, git },
  );
  return { client: testClient(service), sink };
}

const welcomeId = async (client: ReturnType<typeof reader>['client']): Promise<string> => {
  const html = (await client.handle(request(`/${DEMO_ORG}/docs/welcome`))).body;
  return /name="page" value="([^"]+)"/.exec(html)![1];
};

describe('customization in the reader', () => {
  it('writes colours only into the site stylesheet, at a hashed path, and a pale colour is darkened to 4.5:1', async () => {
    const { client } = reader({ primary: { light: '#ffee00', dark: '#ffee00' }, title: 'Acme' });
    const html = (await client.handle(request(`/${DEMO_ORG}/docs/welcome`))).body;
    expect(html).toContain('<title>Welcome | Acme</title>');
    expect(html).not.toMatch(/style="/);
    const path = /href="([^"]*~customization\.[^"]+\.css)"/.exec(html)![1];
    const css = await client.handle(request(path));
    expect(css.status).toBe(200);
    expect(css.headers['cache-control']).toContain('immutable');
    const light = /:root\{--accent:(#[0-9a-f]{6})/.exec(css.body)![1];
    expect(light).not.toBe('#ffee00');
    expect((await client.handle(request(path.replace(/\.[^.]+\.css$/, '.AAAAAAAAAAAAAAAA.css')))).status).toBe(404);
  });

  it('a forced default theme is rendered on <html>; the switch is left out when not toggeable', async () => {
    const { client } = reader({ themeDefault: 'dark', toggeable: false });
    const html = (await client.handle(request(`/${DEMO_ORG}/docs/welcome`))).body;
    expect(html).toContain('<html lang="en" data-theme="dark" data-theme-default="dark">');
    expect(html).not.toContain('class="theme"');
  });

  it('"was this helpful?": a form without script, a thanks page asking for a comment, bad input 400, a limit per visitor', async () => {
    const { client, sink } = reader({ feedback: true }, new MemoryFeedbackSink(1));
    const page = await welcomeId(client);
    const thanks = await client.handle(form(`/${DEMO_ORG}/docs/~feedback`, { page, rating: 'good' }));
    expect(thanks.status).toBe(200);
    expect(thanks.body).toContain('<h1>Thank you</h1>');
    expect(thanks.body).toContain('name="comment"');
    expect(sink.ratings).toEqual([expect.objectContaining({ pageId: page, rating: 'good', siteId: demoSite().id })]);
    const commented = await client.handle(form(`/${DEMO_ORG}/docs/~feedback`, { page, rating: 'good', comment: 'Clear, thanks' }));
    expect(commented.body).not.toContain('name="comment"');
    expect(sink.ratings).toEqual([expect.objectContaining({ comment: 'Clear, thanks' })]);
    expect((await client.handle(form(`/${DEMO_ORG}/docs/~feedback`, { page, rating: 'meh' }))).status).toBe(400);
    expect((await client.handle(form(`/${DEMO_ORG}/docs/~feedback`, { page, rating: 'ok', comment: 'x'.repeat(600) }))).status).toBe(400);
    const configure = /name="page" value="([^"]+)"/.exec((await client.handle(request(`/${DEMO_ORG}/docs/guides/configure`))).body)![1];
    expect((await client.handle(form(`/${DEMO_ORG}/docs/~feedback`, { page: configure, rating: 'bad' }))).status).toBe(429);
  });

  it('no form and a 404 for posts when feedback is off; other posts stay 405', async () => {
    const { client } = reader({ feedback: false });
    expect((await client.handle(request(`/${DEMO_ORG}/docs/welcome`))).body).not.toContain('class="feedback"');
    expect((await client.handle(form(`/${DEMO_ORG}/docs/~feedback`, { page: 'x', rating: 'good' }))).status).toBe(404);
    expect((await client.handle(form(`/${DEMO_ORG}/docs/welcome`, { rating: 'good' }))).status).toBe(405);
  });

  it('"Edit on GitHub" links a page of a synced space to its file when the page menu has `git`, and only then', async () => {
    const links = new MemoryGitLinks({
      'space-demo': { provider: 'github', editBase: 'https://github.com/acme/docs/edit/main/docs/', pages: { 'p-welcome': 'welcome.md' } },
    });
    const withLink = reader({ gitEdit: true }, undefined, links).client;
    const html = (await withLink.handle(request(`/${DEMO_ORG}/docs/welcome`))).body;
    expect(html).toContain(
      '<a class="edit-on-git" href="https://github.com/acme/docs/edit/main/docs/welcome.md" rel="noopener">Edit on GitHub</a>',
    );
    // A page the sync does not know, and a space without Git Sync: no link.
    expect((await withLink.handle(request(`/${DEMO_ORG}/docs/guides/configure`))).body).not.toContain('edit-on-git');
    expect((await withLink.handle(request(`/${DEMO_ORG}/docs/v1/welcome`))).body).not.toContain('edit-on-git');
    // The page menu without `git`: no link even for a synced space.
    expect((await reader({ gitEdit: false }, undefined, links).client.handle(request(`/${DEMO_ORG}/docs/welcome`))).body).not.toContain(
      'edit-on-git',
    );
    // Stored data is not trusted: a non-http(s) address is left out.
    const hostile = new MemoryGitLinks({
      'space-demo': { provider: 'gitlab', editBase: 'javascript:alert(1)//', pages: { 'p-welcome': 'x' } },
    });
    expect((await reader({ gitEdit: true }, undefined, hostile).client.handle(request(`/${DEMO_ORG}/docs/welcome`))).body).not.toContain(
      'edit-on-git',
    );
  });

  it('serves the customization fonts itself: faces in the site stylesheet, woff2 files from the reader, nothing third-party', async () => {
    const { client } = reader({ font: 'Lato', headingFont: 'Merriweather', monospaceFont: 'JetBrainsMono' });
    const page = await client.handle(request(`/${DEMO_ORG}/docs/welcome`));
    expect(page.headers['content-security-policy']).toContain("font-src 'self'");
    const css = (await client.handle(request(/href="([^"]*~customization\.[^"]+\.css)"/.exec(page.body)![1]))).body;
    expect(css).toContain('body{font-family:"Lato",system-ui');
    expect(css).toContain('h1,h2,h3,h4,h5,h6{font-family:"Merriweather Variable",Georgia');
    expect(css).toContain('code,pre,kbd,samp{font-family:"JetBrains Mono Variable",ui-monospace');
    expect(css).toMatch(/font-display:\s*swap/);
    const sources = [...css.matchAll(/url\(([^)]+)\)/g)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(3);
    expect(sources.every((src) => src.startsWith('/_reader/fonts/') && src.endsWith('.woff2'))).toBe(true);
    const latin = sources.find((src) => src.endsWith('/lato-latin-400-normal.woff2'))!;
    const font = await client.handle(request(latin));
    expect([font.status, font.headers['content-type'], font.headers['cache-control']]).toEqual([
      200,
      'font/woff2',
      'public, max-age=31536000, immutable',
    ]);
    expect(font.raw.subarray(0, 4).toString('latin1')).toBe('wOF2');
    // Only the packages' woff2 files: not their CSS, not another path.
    for (const path of [latin.replace(/[^/]+$/, '400.css'), latin.replace(/[^/]+$/, '..%2F400.css'), '/_reader/fonts/lato-9.9.9/x.woff2'])
      expect([path, (await client.handle(request(path))).status]).toEqual([path, 404]);
  });

  it('refuses a rating posted by a page of another origin (Sec-Fetch-Site or Origin); same-origin and header-less posts pass', async () => {
    const { client, sink } = reader({ feedback: true });
    const page = await welcomeId(client);
    const post = (headers: Record<string, string>) => {
      const r = form(`/${DEMO_ORG}/docs/~feedback`, { page, rating: 'good' });
      return client.handle({ ...r, headers: { ...r.headers, ...headers } });
    };
    const refused: Array<Record<string, string>> = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      // Same host, other scheme: another origin.
      { origin: 'https://localhost:8090' },
      { 'sec-fetch-site': 'same-origin', origin: 'http://evil.example' },
    ];
    for (const headers of refused) expect([headers, (await post(headers)).status]).toEqual([headers, 403]);
    expect(sink.ratings).toEqual([]);
    expect((await post({ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:8090' })).status).toBe(200);
    expect((await post({ origin: 'http://LOCALHOST:8090' })).status).toBe(200);
    expect((await post({})).status).toBe(200);
    expect(sink.ratings).toHaveLength(1);
  });

  it('renders the banner, header buttons and dropdowns, corner/depth/link classes and a code theme, all from the stylesheet', async () => {
    const { client } = reader({
      announcement: { message: 'v3 is <out>', style: 'info', link: { title: 'Notes', pageId: 'p-configure' } },
      headerLinks: [
        { title: 'Sign up', style: 'button-primary', to: { title: 'Sign up', url: 'https://example.com/up' }, links: [] },
        {
          title: 'More',
          style: 'link',
          links: [
            { title: 'Blog', url: 'https://example.com/blog' },
            { title: 'Evil', url: 'javascript:alert(1)' },
          ],
        },
      ],
      corners: 'straight',
      depth: 'flat',
      links: 'accent',
      codeTheme: { light: 'dracula', dark: 'default-dark' },
    });
    const html = (await client.handle(request(`/${DEMO_ORG}/docs/welcome`))).body;
    expect(html).toContain('<html lang="en" class="corners-straight depth-flat links-accent">');
    expect(html).toMatch(
      /<aside class="announcement announcement-info" aria-label="Announcement"><p>v3 is &lt;out&gt; <a href="\/demo\/docs\/guides\/configure">Notes<\/a><\/p><button class="announcement-dismiss" type="button" aria-label="Dismiss announcement" data-key="([A-Za-z0-9_-]{16})" hidden>/,
    );
    const key = /data-key="([^"]+)"/.exec(html)![1];
    expect(html).toContain('<a class="header-button primary" href="https://example.com/up">Sign up</a>');
    expect(html).toContain(
      '<details class="dropdown"><summary>More</summary><ul><li><a href="https://example.com/blog">Blog</a></li><li>Evil</li></ul></details>',
    );
    expect(html).not.toMatch(/style="|javascript:/);
    const css = (await client.handle(request(/href="([^"]*~customization\.[^"]+\.css)"/.exec(html)![1]))).body;
    expect(css).toContain(`html[data-dismissed="${key}"] .announcement{display:none}`);
    // Dracula's blocks in light mode; the built-in dark palette stays for dark mode.
    expect(css).toMatch(/:root\{[^}]*--code-block-bg:#282a36;--code-block-fg:#f8f8f2;--hl-keyword:#ff79c6/);
    expect(css).not.toMatch(/\[data-theme=dark\]\{[^}]*--code-block-bg/);
  });
});
