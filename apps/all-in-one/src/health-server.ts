import { createServer, type Server } from 'node:http';
import { logger, METRICS_CONTENT_TYPE } from '@bindery/platform';
import type { AllInOneHost } from './host';
import { processMetricsText } from './process-metrics';

/**
 * `/healthz` (the process answers), `/readyz` (200 once every app in it serves; the body
 * names each app's state: starting, up, failed, stopping) and `/metrics` (every thread's
 * registry, each labelled with its thread: the one target a Prometheus scrapes for the process).
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
    if (req.method === 'GET' && path === '/metrics') {
      processMetricsText(() => host.unitMetrics()).then(
        (text) => res.writeHead(200, { 'content-type': METRICS_CONTENT_TYPE }).end(text),
        (error: unknown) => {
          logger.warn({ err: error }, 'collecting the metrics of the all-in-one process failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('collecting metrics failed\n');
        },
      );
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
