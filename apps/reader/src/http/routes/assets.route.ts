// The reader's stylesheet and script, at content-hashed paths (cached for a year).
import type { FastifyInstance } from 'fastify';
import { CSS, CSS_PATH, JS, JS_PATH, THEME_JS, THEME_JS_PATH } from '../../render/assets';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function assetRoutes(app: FastifyInstance): void {
  app.get(CSS_PATH, (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', IMMUTABLE).send(CSS));
  app.get(THEME_JS_PATH, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', IMMUTABLE).send(THEME_JS),
  );
  app.get(JS_PATH, (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', IMMUTABLE).send(JS));
}
