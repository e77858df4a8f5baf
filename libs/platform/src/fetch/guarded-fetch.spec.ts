import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AddressPolicy } from './address-policy';
import { FetchRefusedError, guardedFetch, type GuardedFetchOptions } from './guarded-fetch';

// Every request of these tests goes to a server on 127.0.0.1. Host names are resolved by an
// injected resolver, so names that "resolve" to public addresses never cause any traffic.

let server: Server;
let base: string;
let port: number;
const hits: string[] = [];

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/logo.png': (_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png; charset=binary' });
    res.end(Buffer.from('png bytes'));
  },
  '/plain': (_req, res) => res.end('no content type'),
  '/big': (_req, res) => {
    res.writeHead(200, { 'content-length': '2048' });
    res.end(Buffer.alloc(2048, 1));
  },
  '/big-chunked': (_req, res) => {
    res.writeHead(200);
    for (let i = 0; i < 4; i++) res.write(Buffer.alloc(512, 1));
    res.end();
  },
  '/slow': () => undefined, // never answers
  '/missing': (_req, res) => res.writeHead(404).end(),
  '/to-logo': (_req, res) => res.writeHead(302, { location: '/logo.png' }).end(),
  '/to-loopback': (_req, res) => res.writeHead(301, { location: `http://127.0.0.1:${port}/logo.png` }).end(),
  '/loop': (_req, res) => res.writeHead(307, { location: '/loop' }).end(),
  '/to-file': (_req, res) => res.writeHead(302, { location: 'file:///etc/passwd' }).end(),
  '/tagged': (req, res) => {
    if (req.headers['if-none-match'] === '"t1"' || req.headers['if-modified-since'] === 'Sun, 01 Nov 2026 00:00:00 GMT') {
      return res.writeHead(304).end();
    }
    res.writeHead(200, { etag: '"t1"', 'last-modified': 'Sun, 01 Nov 2026 00:00:00 GMT' }).end('tagged');
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url!);
    (routes[req.url!] ?? routes['/missing'])(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => (hits.length = 0));

/** Names the tests use: `files.test` points at the local server; the others are never reached. */
const resolve = (host: string) => {
  const table: Record<string, Array<{ address: string; family: number }>> = {
    'files.test': [{ address: '127.0.0.1', family: 4 }],
    'mixed.test': [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ],
    'metadata.test': [{ address: '169.254.169.254', family: 4 }],
    // Node's resolver prints an IPv4-compatible AAAA answer (::7f00:1) in its dotted form.
    'compatible.test': [{ address: '::127.0.0.1', family: 6 }],
  };
  return table[host] ? Promise.resolve(table[host]) : Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));
};

const options = (policy = AddressPolicy.strict(), extra: Partial<GuardedFetchOptions> = {}): GuardedFetchOptions => ({
  policy,
  maxBytes: 1024,
  timeoutMs: 2000,
  resolve,
  ...extra,
});

async function refusal(url: string, opts: GuardedFetchOptions): Promise<string> {
  try {
    await guardedFetch(url, opts);
  } catch (error) {
    if (error instanceof FetchRefusedError) return error.message;
    throw error;
  }
  throw new Error('expected the fetch to be refused');
}

describe('guardedFetch', () => {
  it('refuses loopback addresses by default, literal or resolved, without connecting', async () => {
    expect(await refusal(`${base}/logo.png`, options())).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(await refusal(`http://[::1]:${port}/logo.png`, options())).toMatch(/::1 is a loopback address/);
    expect(await refusal(`http://files.test:${port}/logo.png`, options())).toMatch(
      /files\.test resolves to 127\.0\.0\.1, a loopback address/,
    );
    expect(await refusal('http://metadata.test/latest/meta-data/', options())).toMatch(/link-local/);
    expect(hits).toEqual([]);
  });

  it('makes conditional requests: the validators come back, and a 304 is "not modified", not an error', async () => {
    const allowed = AddressPolicy.fromList('127.0.0.1');
    const first = await guardedFetch(`${base}/tagged`, options(allowed));
    expect(first).toMatchObject({ etag: '"t1"', lastModified: 'Sun, 01 Nov 2026 00:00:00 GMT' });
    expect(first.notModified).toBeUndefined();
    const byTag = await guardedFetch(`${base}/tagged`, options(allowed, { conditional: { etag: '"t1"' } }));
    expect(byTag).toMatchObject({ notModified: true, bytes: Buffer.alloc(0) });
    const byDate = await guardedFetch(`${base}/tagged`, options(allowed, { conditional: { lastModified: first.lastModified } }));
    expect(byDate.notModified).toBe(true);
  });

  it('refuses IPv6 forms that carry a loopback IPv4 address, literal or resolved, even with 127.0.0.1 allowed', async () => {
    const allowed = AddressPolicy.fromList('127.0.0.1');
    expect(await refusal(`http://[::127.0.0.1]:${port}/logo.png`, options(allowed))).toMatch(
      /::7f00:1 is an IPv4-compatible address carrying 127\.0\.0\.1, a loopback address/,
    );
    expect(await refusal(`http://[64:ff9b::127.0.0.1]:${port}/logo.png`, options(allowed))).toMatch(/NAT64 address carrying 127\.0\.0\.1/);
    expect(await refusal(`http://[2002:7f00:1::]:${port}/logo.png`, options(allowed))).toMatch(/6to4 address carrying 127\.0\.0\.1/);
    expect(await refusal(`http://compatible.test:${port}/logo.png`, options(allowed))).toMatch(
      /compatible\.test resolves to ::127\.0\.0\.1, an IPv4-compatible address carrying 127\.0\.0\.1/,
    );
    expect(hits).toEqual([]);
  });

  it('refuses a host when any of its addresses is private', async () => {
    expect(await refusal('http://mixed.test/x', options())).toMatch(/10\.0\.0\.7, a private address/);
  });

  it('fetches from an allowlisted address or host, with the type the server gives', async () => {
    const byAddress = await guardedFetch(`${base}/logo.png`, options(AddressPolicy.fromList('127.0.0.1')));
    expect(byAddress).toEqual({ bytes: Buffer.from('png bytes'), contentType: 'image/png', url: `${base}/logo.png` });
    let lookups = 0;
    const counting = (host: string) => (lookups++, resolve(host));
    const byHost = await guardedFetch(
      `http://files.test:${port}/plain`,
      options(AddressPolicy.fromList('files.test'), { resolve: counting }),
    );
    // Resolved once, inside the socket's lookup: the checked answer is the one connected to.
    expect(lookups).toBe(1);
    expect(byHost.bytes.toString()).toBe('no content type');
    expect(byHost.contentType).toBeUndefined();
  });

  it('follows redirects, checking every hop', async () => {
    const followed = await guardedFetch(`${base}/to-logo`, options(AddressPolicy.fromList('127.0.0.1')));
    expect(followed.url).toBe(`${base}/logo.png`);
    hits.length = 0;
    // The first hop's host is allowed by name; the redirect's literal loopback address is not.
    expect(await refusal(`http://files.test:${port}/to-loopback`, options(AddressPolicy.fromList('files.test')))).toMatch(
      /127\.0\.0\.1 is a loopback address/,
    );
    expect(hits).toEqual(['/to-loopback']);
    expect(await refusal(`${base}/loop`, options(AddressPolicy.fromList('127.0.0.1')))).toMatch(/more than 5 redirects/);
    expect(await refusal(`${base}/to-file`, options(AddressPolicy.fromList('127.0.0.1')))).toMatch(
      /redirected to file: URLs are not fetched/,
    );
  });

  it('refuses bodies over the cap, declared or streamed', async () => {
    const allowed = options(AddressPolicy.fromList('127.0.0.1'));
    expect(await refusal(`${base}/big`, allowed)).toMatch(/2048 bytes; at most 1024/);
    expect(await refusal(`${base}/big-chunked`, allowed)).toMatch(/larger than 1024 bytes/);
  });

  it('gives up at the deadline and reports error statuses', async () => {
    const allowed = AddressPolicy.fromList('127.0.0.1');
    expect(await refusal(`${base}/slow`, options(allowed, { timeoutMs: 200 }))).toMatch(/no complete answer within 200 ms/);
    expect(await refusal(`${base}/missing`, options(allowed))).toMatch(/answered 404/);
  });

  it('refuses other schemes, credentials and unknown hosts', async () => {
    expect(await refusal('ftp://files.test/x', options())).toMatch(/ftp: URLs are not fetched/);
    expect(await refusal('file:///etc/passwd', options())).toMatch(/file: URLs are not fetched/);
    expect(await refusal('http://user:pw@files.test/x', options())).toMatch(/credentials/);
    expect(await refusal('http://nowhere.test/x', options())).toMatch(/does not resolve/);
    expect(await refusal('not a url', options())).toMatch(/not a valid URL/);
  });
});
