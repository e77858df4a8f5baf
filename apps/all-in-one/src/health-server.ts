import { createServer, type Server } from 'node:http';
import type { AllInOneHost } from './host';

/**
 * `/healthz` (the process answers) and `/readyz` (200 once every app in it serves; the body
 * names each app's state: starting, up, failed, stopping).
 */
export async function startHealthServer(host: AllInOneHost, port: number, address: string): Promise<Server> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (req.method === 'GET' && path === '/readyz') {
      const apps = host.states();
      const ready = Object.keys(apps).length > 0 && Object.values(apps).every((state) => state === 'up');
      res
        .writeHead(ready ? 200 : 503, { 'content-type': 'application/json' })
        .end(JSON.stringify({ status: ready ? 'ready' : 'not-ready', apps }));
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, address, () => resolve());
  });
  server.unref();
  return server;
}
