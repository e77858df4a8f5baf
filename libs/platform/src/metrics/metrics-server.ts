import { createServer, type Server } from 'node:http';
import { logger } from '../logging/logger';
import { collectProcessMetrics, metricsRegistry } from './metrics';

export interface MetricsSettings {
  METRICS_PORT?: number;
  METRICS_HOST: string;
}

/**
 * Serves `GET /metrics` on its own port, apart from the public API (the gateway's routes never
 * expose it), when METRICS_PORT is set. Returns the server, or undefined when metrics are off.
 */
export async function startMetricsServer(service: string, settings: MetricsSettings): Promise<Server | undefined> {
  if (settings.METRICS_PORT === undefined) return undefined;
  collectProcessMetrics(service);
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    metricsRegistry.metrics().then(
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
