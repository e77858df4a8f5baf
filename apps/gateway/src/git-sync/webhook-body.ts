import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest, preParsingAsyncHookHandler, RouteOptions } from 'fastify';

/** The push webhook route's template: its signature covers the body's exact bytes, which JSON parsing loses. */
const WEBHOOK_ROUTE = /^\/v1\/spaces\/:[^/]+\/git\/webhook\/?$/;

export type WithRawBody = FastifyRequest & { rawBody?: Buffer };

const isWebhookDelivery = (route: RouteOptions): boolean =>
  WEBHOOK_ROUTE.test(route.url) && (Array.isArray(route.method) ? route.method.includes('POST') : route.method === 'POST');

/**
 * Keeps the raw body of push webhook deliveries (`request.rawBody`) before Fastify parses it as
 * JSON; every other route is untouched. The hook is the webhook route's own (added as the route is
 * registered, so this must run before the routes are): a global one ran, as a promise, on every
 * request of the API. The bytes read are capped by the server's body limit.
 */
export function keepWebhookRawBodies(fastify: FastifyInstance): void {
  const limit = fastify.initialConfig.bodyLimit ?? 1024 * 1024;
  const keepRawBody: preParsingAsyncHookHandler = async (request: WithRawBody, _reply, payload) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size > limit) throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
      chunks.push(chunk as Buffer);
    }
    request.rawBody = Buffer.concat(chunks);
    return Readable.from([request.rawBody]);
  };
  fastify.addHook('onRoute', (route) => {
    if (!isWebhookDelivery(route)) return;
    const own = route.preParsing === undefined ? [] : Array.isArray(route.preParsing) ? route.preParsing : [route.preParsing];
    route.preParsing = [...own, keepRawBody];
  });
}
