import { MemoryContentSource } from '../fixtures/memory-content';
import { HOSTILE_ORG, hostileContents, hostileSite } from '../fixtures/hostile-site';
import { renderPage } from '../../src/render/layout';
import { MemorySiteDirectory } from '../fixtures/memory-directory';
import { demoContents, demoSite } from '../fixtures/demo-site';
import { ReaderService } from '../../src/http/reader.service';
import { buildServer } from '../../src/http/server';
import { testClient } from './client';

// Counts page renders (the cache test) while rendering as usual.
jest.mock('../../src/render/layout', () => {
  const actual = jest.requireActual<typeof import('../../src/render/layout')>('../../src/render/layout');
  return { ...actual, renderPage: jest.fn(actual.renderPage) };
});

const service = () =>
  new ReaderService(
    new MemorySiteDirectory([demoSite(), hostileSite()]),
    new MemoryContentSource([...demoContents(), ...hostileContents()]),
    { cacheBytes: 8 << 20 },
  );
const reader = () => testClient(service());

/** Every URL attribute of a page, read back as a browser reads it (entities decoded, then WHATWG-parsed). */
function urlAttributes(html: string): string[] {
  const decode = (value: string) =>
    value.replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[e]!);
  return [...html.matchAll(/\s(?:href|src|action|value|data-endpoint)="([^"]*)"/g)].map((m) => decode(m[1]));
}
const schemeOf = (url: string): string =>
  new URL(url.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, ''), 'https://site.example/').protocol;

describe('reader security', () => {
  it('writes no script URL from a hostile document or a link page, in any spelling', async () => {
    const response = await reader().handle({
      method: 'GET',
      host: '127.0.0.1:8090',
      url: `/${HOSTILE_ORG}/docs/attack`,
      headers: {},
      secure: false,
    });
    expect(response.status).toBe(200);
    const urls = urlAttributes(response.body);
    // Links, embeds, cards, files, an image and the link pages in the navigation.
    expect(urls.filter((u) => u === '#').length).toBeGreaterThanOrEqual(4 * 4 + 2);
    expect(urls.map(schemeOf).filter((s) => s !== 'https:' && s !== 'http:')).toEqual([]);
  });

  it('keys rendered pages by site, not by the Host header: a new port is no new render', async () => {
    const r = reader();
    const render = renderPage as jest.MockedFunction<typeof renderPage>;
    render.mockClear();
    const bodies: string[] = [];
    for (const host of ['127.0.0.1:8090', '127.0.0.1:1', '127.0.0.1:2', 'localhost:3', '[::1]:4']) {
      const response = await r.handle({ method: 'GET', host, url: '/demo/docs/welcome', headers: {}, secure: false });
      expect(response.status).toBe(200);
      bodies.push(response.body);
    }
    expect(render).toHaveBeenCalledTimes(1);
    // Each answer still names its own origin.
    expect(bodies[1]).toContain('<link rel="canonical" href="http://127.0.0.1:1/demo/docs/welcome">');
    expect(bodies[3]).toContain('<link rel="canonical" href="http://localhost:3/demo/docs/welcome">');
  });

  it('sends the security headers on pages, assets, errors and probes', async () => {
    const app = buildServer(service(), { trustProxy: false });
    try {
      for (const url of ['/demo/docs/welcome', '/demo/docs/nope', '/healthz', '/demo/docs/welcome.md', '/demo/docs/~search?q=x']) {
        const response = await app.inject({ method: 'GET', url });
        expect([url, response.headers['x-content-type-options']]).toEqual([url, 'nosniff']);
        expect(response.headers['x-frame-options']).toBe('DENY');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).not.toContain('unsafe-inline');
      }
    } finally {
      await app.close();
    }
  });

  it('limits requests per client address: 429 with Retry-After past the limit, probes never limited', async () => {
    const app = buildServer(service(), { trustProxy: false, rateLimitPerMinute: 3 });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await app.inject({ method: 'GET', url: '/demo/docs/welcome', remoteAddress: '198.51.100.1' })).statusCode);
      expect(statuses).toEqual([200, 200, 200]);
      const refused = await app.inject({ method: 'GET', url: '/demo/docs/~search?q=x', remoteAddress: '198.51.100.1' });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      expect(refused.body).toContain('Too many requests');
      // Another address has its own allowance; probes are not counted.
      expect((await app.inject({ method: 'GET', url: '/demo/docs/welcome', remoteAddress: '198.51.100.2' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/healthz', remoteAddress: '198.51.100.1' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
