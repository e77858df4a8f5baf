import fastifyCookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { ReaderService } from './reader.service';
import { statusPage } from './response';
import { notFound } from './routes/not-found';
import { assetRoutes } from './routes/assets.route';
import { siteRoutes } from './routes/site.route';
import { SECURITY_HEADERS } from './security-headers';

export interface ServerOptions {
  trustProxy: boolean;
  /** Requests per minute one client address may make; 0 or absent: no limit (tests, benchmarks). */
  rateLimitPerMinute?: number;
}

const MINUTE_MS = 60_000;

/**
 * The reader's HTTP server: assets, `/healthz` for probes, and every other address to a site's rooms.
 * Every response carries the security headers; anonymous visitors are limited per address (an
 * in-process window per replica: the reader is stateless, a replica's share of a flood is bounded).
 */
export function buildServer(reader: ReaderService, options: ServerOptions): FastifyInstance {
  const app = Fastify({
    logger: false,
    trustProxy: options.trustProxy,
    routerOptions: { maxParamLength: 4096, ignoreDuplicateSlashes: true },
    // A path Fastify cannot decode (a bad escape) is an address no site has: the same styled 404.
    frameworkErrors: (error, _request, reply) => {
      const answer = error.code === 'FST_ERR_BAD_URL' ? notFound() : statusPage(400, 'Bad request', 'This request could not be read.');
      void (reply as FastifyReply).status(answer.status).headers(answer.headers).send(answer.body);
    },
  });
  // Cookies are only read (visitor credentials); the reader signs none.
  void app.register(fastifyCookie);
  // The feedback form posts URL-encoded fields (no script needed); any other body is left unparsed.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
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
    assetRoutes(routes);
    siteRoutes(routes, reader);
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
