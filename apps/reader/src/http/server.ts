import Fastify, { type FastifyInstance } from 'fastify';
import type { ReaderService } from './reader.service';

export interface ServerOptions {
  trustProxy: boolean;
}

/** Fastify in front of ReaderService: every GET/HEAD goes to it; `/healthz` answers for probes. */
export function buildServer(reader: ReaderService, options: ServerOptions): FastifyInstance {
  const app = Fastify({
    logger: false,
    trustProxy: options.trustProxy,
    routerOptions: { maxParamLength: 4096, ignoreDuplicateSlashes: true },
  });
  app.get('/healthz', () => ({ status: 'ok' }));
  app.route({
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
  app.setErrorHandler(async (error, _request, reply) => {
    const code =
      typeof (error as { statusCode?: number }).statusCode === 'number' && (error as { statusCode: number }).statusCode < 500
        ? (error as { statusCode: number }).statusCode
        : 503;
    return reply
      .status(code)
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(code === 503 ? 'The site is temporarily unavailable, try again shortly.' : 'Bad request.');
  });
  return app;
}
