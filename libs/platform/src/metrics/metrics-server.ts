import { createServer, type Server } from 'node:http';
import { logger } from '../logging/logger';
import { collectProcessMetrics, metricsRegistry, metricsText } from './metrics';

export interface MetricsSettings {
  METRICS_PORT?: number;
  METRICS_HOST: string;
}

let ready = false;
/** Called once the process serves (a service listens on NATS, a worker pulls jobs): `/readyz` then answers 200. */
export function markReady(): void {
  ready = true;
}

/**
 * Serves `GET /metrics` on its own port, and the probes of processes that have no HTTP port of
 * their own (`/healthz`: the process answers; `/readyz`: it serves), apart from the public API (the gateway's routes never
 * expose it), when METRICS_PORT is set. Returns the server, or undefined when metrics are off.
 */
export async function startMetricsServer(service: string, settings: MetricsSettings): Promise<Server | undefined> {
  if (settings.METRICS_PORT === undefined) return undefined;
  collectProcessMetrics(service);
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method === 'GET' && path === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
      return;
    }
    if (req.method === 'GET' && path === '/readyz') {
      res.writeHead(ready ? 200 : 503, { 'content-type': 'application/json' }).end(ready ? '{"status":"ready"}' : '{"status":"starting"}');
      return;
    }
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metricsText(String(settings.METRICS_PORT)).then(
      (body) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(body),
      (error: unknown) => {
        logger.warn({ err: error }, 'collecting metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain' }).end('collecting metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.METRICS_PORT, settings.METRICS_HOST, () => resolve());
  });
  server.unref();
  logger.info({ service, port: settings.METRICS_PORT, host: settings.METRICS_HOST }, 'metrics on /metrics');
  return server;
}
