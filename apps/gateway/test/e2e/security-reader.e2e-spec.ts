import type { ChildProcess } from 'node:child_process';
import { appEntry, freePort, READER, startProcess, stopPid } from '@bindery/stack';
import { controlTestStack, expectOperation, testStack } from '@bindery/testing';
import { createChangeRequest, editContent, merge, type PageBody } from './content-helpers';
import { eventually } from './helpers';
import { processed, specWhen } from './openapi-helpers';
import { type SiteBody, siteWithSpaces } from './sites-helpers';

/**
 * Issue 24, the reader, attacked from outside as a hostile tenant and a hostile visitor would:
 * script URLs written through the API's Document format (finding 1), an OpenAPI spec that expands
 * exponentially (2), pages without a security policy (8) and unbounded anonymous requests (12).
 */
describe('security: the reader', () => {
  const read = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${testStack().readerUrl}${path}`, { headers, redirect: 'manual' });

  /** Publishes one page with these blocks in a fresh organization's site; returns the page's reader path. */
  async function publishPage(
    nodes: unknown[],
    basename: string,
    before?: (admin: Awaited<ReturnType<typeof siteWithSpaces>>) => Promise<void>,
  ): Promise<{ path: string; site: Awaited<ReturnType<typeof siteWithSpaces>> }> {
    const site = await siteWithSpaces(1, `sec-${basename}`);
    const [spaceId] = site.spaceIds;
    await before?.(site);
    const cr = await createChangeRequest(site.client, spaceId, 'Attack');
    await editContent(site.client, spaceId, cr.id, [
      { operation: 'insert_page', title: 'Attack', slug: 'attack', document: { document: { object: 'document', data: {}, nodes } } },
    ]);
    await merge(site.client, spaceId, cr.id);
    const [page] = expectOperation<{ pages: Array<PageBody & { path: string }> }>(
      await site.client.get(`/v1/spaces/${spaceId}/content/pages`),
      'listPages',
      200,
    ).pages;
    expectOperation<SiteBody>(await site.client.patch(site.base, { basename, visibility: 'public' }), 'updateSiteById', 200);
    expectOperation<SiteBody>(await site.client.post(`${site.base}/publish`), 'publishSite', 200);
    const path = `/${site.orgId}/${basename}/${page.path}`;
    await eventually(async () => expect((await read(path)).status).toBe(200), 15_000);
    return { path, site };
  }

  /** Every URL attribute of a page as a browser reads it: entities decoded, then WHATWG-parsed after its clean-up. */
  function schemesOf(html: string): string[] {
    const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" };
    return [...html.matchAll(/\s(?:href|src|action|value|data-endpoint)="([^"]*)"/g)].map((m) => {
      const value = m[1].replace(/&(amp|lt|gt|quot|#39);/g, (_all, e: string) => entities[e]);
      const cleaned = value.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '').replace(/[\t\n\r]/g, '');
      return new URL(cleaned, 'https://reader.example/').protocol;
    });
  }

  it('writes no script URL from a Document body: link marks, embeds, images and cards in the spellings browsers run', async () => {
    const spellings = [
      'java\tscript:alert(document.domain)',
      'java\nscript:alert(document.domain)',
      '\u0001javascript:alert(document.domain)',
    ];
    let key = 0;
    const k = () => `k${++key}`;
    const text = (value: string) => ({ object: 'text', leaves: [{ object: 'leaf', text: value, marks: [] }] });
    const nodes = spellings.flatMap((url) => [
      {
        object: 'block',
        type: 'paragraph',
        key: k(),
        data: {},
        nodes: [text('see '), { object: 'inline', type: 'link', key: k(), data: { ref: { kind: 'url', url } }, nodes: [text('this')] }],
      },
      { object: 'block', type: 'embed', key: k(), isVoid: true, data: { url } },
      { object: 'block', type: 'content-ref', key: k(), isVoid: true, data: { ref: { kind: 'url', url } } },
      {
        object: 'block',
        type: 'images',
        key: k(),
        isVoid: false,
        data: {},
        nodes: [{ object: 'block', type: 'image', key: k(), isVoid: true, data: { ref: { kind: 'url', url } }, fragments: [] }],
      },
    ]);
    const { path } = await publishPage(nodes, 'xss');
    const html = await (await read(path)).text();
    expect(html).toContain('<a class="card embed"');
    const schemes = schemesOf(html);
    expect(schemes.length).toBeGreaterThan(10);
    expect(schemes.filter((s) => s !== 'http:' && s !== 'https:')).toEqual([]);
  });

  it('renders a 2 KB spec of schemas that each reference the next a few times as a bounded block', async () => {
    // Seven schemas of six properties each pointing at the next: 6^6 entries when every `$ref` is expanded.
    const WIDTH = 6;
    const DEPTH = 7;
    const schemas: Record<string, unknown> = { [`S${DEPTH}`]: { type: 'string' } };
    for (let i = 0; i < DEPTH; i++) {
      const next = { $ref: `#/components/schemas/S${i + 1}` };
      schemas[`S${i}`] = { type: 'object', properties: Object.fromEntries(Array.from({ length: WIDTH }, (_, p) => [`p${p}`, next])) };
    }
    const spec = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Chain', version: '1.0.0' },
      paths: {
        '/chain': {
          post: {
            requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/S0' } } } },
            responses: { '200': { description: 'ok' } },
          },
        },
      },
      components: { schemas },
    });
    expect(spec.length).toBeLessThan(3_000);
    const operation = {
      object: 'block',
      type: 'openapi-operation',
      key: 'op',
      isVoid: true,
      data: { ref: { kind: 'openapi', spec: 'chain' }, path: '/chain', method: 'post' },
    };
    const { path } = await publishPage([operation], 'chain', async ({ client, orgId }) => {
      expectOperation(await client.post(`/v1/orgs/${orgId}/openapi`, { slug: 'chain', source: { text: spec } }), 'createOpenAPISpec', 201);
      await specWhen(client, orgId, 'chain', processed, 60_000);
    });
    const html = await (await read(path)).text();
    expect(html).toContain('<span class="oa-method oa-method-post">POST</span>');
    expect(html.length).toBeLessThan(1_000_000);
    expect(html).toContain('named only');
  });

  it('sends a strict policy on every page: CSP without inline script, nosniff, no framing, a referrer policy; credential cookies scoped to the site', async () => {
    const { path, site } = await publishPage([{ object: 'block', type: 'paragraph', key: 'p', data: {}, nodes: [] }], 'policy');
    for (const target of [path, `/${site.orgId}/policy/nope`, `/${site.orgId}/policy/~search?q=x`]) {
      const response = await read(target);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect([target, csp.includes("script-src 'self'"), csp.includes("frame-ancestors 'none'"), csp.includes('unsafe-inline')]).toEqual([
        target,
        true,
        true,
        false,
      ]);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
    expect(await (await read(path)).text()).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/);

    // A share key is kept in a cookie for this site's path only, out of reach of scripts.
    const shared = expectOperation<SiteBody>(await site.client.patch(site.base, { visibility: 'share-link' }), 'updateSiteById', 200);
    const shareKey = shared.shareKey ?? new URL(shared.urls.published ?? 'http://x/').pathname.split('/~share/')[1];
    await eventually(async () => expect((await read(`${path}?share=${shareKey}`)).status).toBe(200), 15_000);
    const cookie = (await read(`${path}?share=${shareKey}`)).headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`Path=/${site.orgId}/policy;`);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
  });

  describe('a reader replica with a rate limit', () => {
    const LIMIT = 5;
    let replica: { child: ChildProcess; url: string } | undefined;

    beforeAll(async () => {
      const stack = await controlTestStack();
      const port = await freePort();
      const env = {
        ...stack.envFor(READER),
        READER_PORT: String(port),
        METRICS_PORT: String(await freePort()),
        READER_RATE_LIMIT_PER_MINUTE: String(LIMIT),
      };
      const child = startProcess(process.execPath, [appEntry(READER)], stack.logFile('reader-rate-limit'), env);
      replica = { child, url: `http://127.0.0.1:${port}` };
      await eventually(async () => expect((await fetch(`${replica!.url}/healthz`)).status).toBe(200), 60_000);
    });

    afterAll(async () => {
      if (replica?.child.pid) await stopPid(replica.child.pid, appEntry(READER));
    });

    it('answers 429 with Retry-After once one address passes the limit, searches included; probes are not limited', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT; i++) statuses.push((await fetch(`${replica!.url}/nobody/docs/~search?q=${i}`)).status);
      expect(statuses).toEqual(Array(LIMIT).fill(404));
      const refused = await fetch(`${replica!.url}/nobody/docs/page`);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.text()).toContain('Too many requests');
      expect((await fetch(`${replica!.url}/healthz`)).status).toBe(200);
    });
  });
});
