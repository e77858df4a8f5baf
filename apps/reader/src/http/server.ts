import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { ReaderService } from './reader.service';
import { SECURITY_HEADERS } from './security-headers';

export interface ServerOptions {
  trustProxy: boolean;
  /** Requests per minute one client address may make; 0 or absent: no limit (tests, benchmarks). */
  rateLimitPerMinute?: number;
}

const MINUTE_MS = 60_000;

/**
 * Fastify in front of ReaderService: every GET/HEAD goes to it; `/healthz` answers for probes.
 * Every response carries the security headers; anonymous visitors are limited per address (an
 * in-process window per replica: the reader is stateless, a replica's share of a flood is bounded).
 */
export function buildServer(reader: ReaderService, options: ServerOptions): FastifyInstance {
  const app = Fastify({
    logger: false,
    trustProxy: options.trustProxy,
    routerOptions: { maxParamLength: 4096, ignoreDuplicateSlashes: true },
  });
  app.addHook('onSend', async (_request, reply) => {
    void reply.headers(SECURITY_HEADERS);
  });
  const limit = options.rateLimitPerMinute ?? 0;
  if (limit > 0) {
    // Registered before the routes (in the plugin below) so its hook covers them.
    void app.register(rateLimit, {
      max: limit,
      timeWindow: MINUTE_MS,
      // The address Fastify resolved: the socket's, or the client's from X-Forwarded-For behind a trusted proxy.
      keyGenerator: (request) => request.ip,
      // Beyond the limit every request is refused until the window ends, so a flood cannot keep a slot open.
      errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `Too many requests, retry in ${context.after}.` }),
    });
  }
  void app.register((routes, _options, done) => {
    routes.get('/healthz', { config: { rateLimit: false } }, () => ({ status: 'ok' }));
    routes.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '/*',
      handler: async (request, reply) => {
        const response = await reader.handle({
          method: request.method,
          host: request.host,
          url: request.raw.url ?? '/',
          headers: request.headers,
          secure: request.protocol === 'https',
        });
        void reply.status(response.status).headers(response.headers);
        return reply.send(response.body);
      },
    });
    done();
  });
  app.setErrorHandler(async (error, _request, reply) => {
    const status = (error as { statusCode?: unknown }).statusCode;
    const code = typeof status === 'number' && status >= 400 && status < 500 ? status : 503;
    const message =
      code === 429
        ? 'Too many requests from your address, try again shortly.'
        : code === 503
          ? 'The site is temporarily unavailable, try again shortly.'
          : 'Bad request.';
    return reply.status(code).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(message);
  });
  return app;
}
