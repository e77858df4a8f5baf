import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AddressPolicy, AppError } from '@bindery/platform';
import { fetchUpload } from './file-fetch';

// Only 127.0.0.1 is ever contacted: a local server stands in for the remote host.
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/notes.txt') res.writeHead(200, { 'content-type': 'Text/Plain; charset=utf-8' }).end('hello');
    else if (req.url === '/odd-type') res.writeHead(200, { 'content-type': `x/${'y'.repeat(200)}` }).end('bytes');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const allowed = { policy: AddressPolicy.fromList('127.0.0.1'), timeoutMs: 2000 };

describe('fetchUpload', () => {
  it('describes the fetched bytes with the type the server sent, unless the request gives one', async () => {
    const served = await fetchUpload({ name: 'notes.txt', url: `${base}/notes.txt` }, 'f1', 'changes[0].files[0]', allowed);
    expect(served.entry).toMatchObject({ id: 'f1', name: 'notes.txt', contentType: 'text/plain', size: 5 });
    expect(served.bytes.toString()).toBe('hello');
    const given = await fetchUpload({ name: 'n.md', url: `${base}/notes.txt`, contentType: 'text/markdown' }, 'f2', 'x', allowed);
    expect(given.entry.contentType).toBe('text/markdown');
    // A type too long for a download URL is not kept.
    const odd = await fetchUpload({ name: 'o', url: `${base}/odd-type` }, 'f3', 'x', allowed);
    expect(odd.entry.contentType).toBe('application/octet-stream');
  });

  it('turns every refusal into a 400 naming the url field', async () => {
    for (const [url, policy] of [
      [`${base}/notes.txt`, AddressPolicy.strict()],
      [`${base}/missing`, allowed.policy],
    ] as const) {
      const error = await fetchUpload({ name: 'a', url }, 'f', 'changes[2].files[1]', { policy, timeoutMs: 2000 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ code: 400, message: expect.stringMatching(/^changes\[2\]\.files\[1\]\.url: /) });
    }
  });
});
