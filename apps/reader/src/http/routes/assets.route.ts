// The reader's stylesheet and script, at content-hashed paths, and the customization fonts, at
// versioned paths (cached for a year).
import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { FONT_ROUTE, fontFile } from '../../render/fonts';
import { CSS, CSS_PATH, JS, JS_PATH, THEME_JS, THEME_JS_PATH } from '../../render/assets';

const IMMUTABLE = 'public, max-age=31536000, immutable';

export function assetRoutes(app: FastifyInstance): void {
  app.get(CSS_PATH, (_request, reply) => reply.type('text/css; charset=utf-8').header('cache-control', IMMUTABLE).send(CSS));
  app.get(THEME_JS_PATH, (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', IMMUTABLE).send(THEME_JS),
  );
  app.get(`${FONT_ROUTE}:segment/:file`, (request, reply) => {
    const { segment, file } = request.params as { segment: string; file: string };
    const path = fontFile(segment, file);
    if (!path) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return reply.type('font/woff2').header('cache-control', IMMUTABLE).send(createReadStream(path));
  });
  app.get(JS_PATH, (_request, reply) => reply.type('text/javascript; charset=utf-8').header('cache-control', IMMUTABLE).send(JS));
}
