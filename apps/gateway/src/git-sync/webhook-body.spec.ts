import Fastify, { type FastifyInstance } from 'fastify';
import { keepWebhookRawBodies, type WithRawBody } from './webhook-body';

const rawBodyOf = (request: WithRawBody) => ({ raw: request.rawBody?.toString() ?? null, parsed: request.body });

/** A server with the webhook route and two others, listening on a free loopback port (inject needs ESM that jest cannot load). */
async function serverWithRoutes(): Promise<{
  fastify: FastifyInstance;
  send: (method: string, path: string, body: string) => Promise<Response>;
}> {
  const fastify = Fastify({ bodyLimit: 64 });
  keepWebhookRawBodies(fastify);
  fastify.post('/v1/spaces/:spaceId/git/webhook', rawBodyOf);
  fastify.put('/v1/spaces/:spaceId/git/webhook', rawBodyOf);
  fastify.post('/v1/spaces/:spaceId/comments', rawBodyOf);
  const base = await fastify.listen({ host: '127.0.0.1', port: 0 });
  const send = (method: string, path: string, body: string) =>
    fetch(base + path, { method, body, headers: { 'content-type': 'application/json' } });
  return { fastify, send };
}

describe('keepWebhookRawBodies', () => {
  let server: Awaited<ReturnType<typeof serverWithRoutes>>;
  beforeEach(async () => {
    server = await serverWithRoutes();
  });
  afterEach(() => server.fastify.close());

  it('keeps the exact bytes of a webhook delivery beside the parsed body', async () => {
    const sent = '{ "ref" :  "refs/heads/main" }';
    const reply = await server.send('POST', '/v1/spaces/s1/git/webhook?x=1', sent);
    expect(await reply.json()).toEqual({ raw: sent, parsed: { ref: 'refs/heads/main' } });
  });

  it('refuses a delivery over the body limit with a 413', async () => {
    const reply = await server.send('POST', '/v1/spaces/s1/git/webhook', JSON.stringify({ pad: 'x'.repeat(100) }));
    expect(reply.status).toBe(413);
  });

  it('leaves every other route and method alone, without a hook of its own (no promise per API request)', async () => {
    expect(await (await server.send('POST', '/v1/spaces/s1/comments', '{"a":1}')).json()).toEqual({ raw: null, parsed: { a: 1 } });
    expect(await (await server.send('PUT', '/v1/spaces/s1/git/webhook', '{"a":1}')).json()).toEqual({ raw: null, parsed: { a: 1 } });
    const routes = server.fastify.printRoutes({ includeHooks: true, commonPrefix: false });
    // One preParsing hook in the whole server: the webhook delivery's.
    expect(routes.match(/\(preParsing\)/g)).toHaveLength(1);
    expect(routes).toMatch(/git\/webhook \(POST\)\n.*\(preParsing\) \["keepRawBody\(\)"\]/);
  });
});
