import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The push webhook route: its signature covers the body's exact bytes, which JSON parsing loses. */
const WEBHOOK_PATH = /^\/v1\/spaces\/[^/]+\/git\/webhook(\?|$)/;

export type WithRawBody = FastifyRequest & { rawBody?: Buffer };

/**
 * Keeps the raw body of push webhook deliveries (`request.rawBody`) before Fastify parses it as
 * JSON; every other route is untouched. The bytes read are capped by the server's body limit.
 */
export function keepWebhookRawBodies(fastify: FastifyInstance): void {
  const limit = fastify.initialConfig.bodyLimit ?? 1024 * 1024;
  fastify.addHook('preParsing', async (request: WithRawBody, _reply, payload) => {
    if (request.method !== 'POST' || !WEBHOOK_PATH.test(request.url)) return payload;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of payload) {
      size += (chunk as Buffer).length;
      if (size > limit) throw Object.assign(new Error('Request body is too large'), { statusCode: 413 });
      chunks.push(chunk as Buffer);
    }
    request.rawBody = Buffer.concat(chunks);
    return Readable.from([request.rawBody]);
  });
}
