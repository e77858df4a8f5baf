import Fastify, { type FastifyInstance } from 'fastify';
import { OUTCOME_HEADER } from '../common/outcome-header';
import type { StoredResponse } from './idempotency-ledger';
import { CLAIM, type ClaimedRequest, registerIdempotencyHook } from './settle-hook';

/** What the hook told the ledger, in order. */
type Settled = Array<['complete', string, StoredResponse] | ['release', string]>;

async function server(settled: Settled): Promise<{ fastify: FastifyInstance; base: string }> {
  const fastify = Fastify();
  registerIdempotencyHook(fastify);
  const ledger = {
    complete: (key: string, _fingerprint: string, response: StoredResponse) => {
      settled.push(['complete', key, response]);
      return Promise.resolve();
    },
    release: (key: string) => {
      settled.push(['release', key]);
      return Promise.resolve();
    },
  };
  const claim = (request: ClaimedRequest) => {
    request[CLAIM] = { ledger, key: 'k1', fingerprint: 'f1' };
  };
  fastify.post('/claimed', async (request, reply) => {
    claim(request);
    return reply.status(201).header('location', '/things/1').send({ id: 1 });
  });
  fastify.post('/claimed-unknown', async (request, reply) => {
    claim(request);
    return reply.status(503).header(OUTCOME_HEADER, 'unknown').send({ error: 'timeout' });
  });
  fastify.post('/claimed-unavailable', async (request, reply) => {
    claim(request);
    return reply.status(503).send({ error: 'no service' });
  });
  fastify.post('/unclaimed', () => ({ ok: true }));
  fastify.get('/read', () => ({ ok: true }));
  return { fastify, base: await fastify.listen({ host: '127.0.0.1', port: 0 }) };
}

describe('registerIdempotencyHook', () => {
  const settled: Settled = [];
  let running: Awaited<ReturnType<typeof server>>;
  beforeEach(async () => {
    settled.length = 0;
    running = await server(settled);
  });
  afterEach(() => running.fastify.close());
  const post = (path: string) => fetch(running.base + path, { method: 'POST' });

  it('keeps a claimed answer (status, replayed headers, body) before it leaves', async () => {
    const reply = await post('/claimed');
    expect(reply.status).toBe(201);
    expect(await reply.json()).toEqual({ id: 1 });
    expect(settled).toEqual([
      [
        'complete',
        'k1',
        {
          status: 201,
          headers: { 'content-type': 'application/json; charset=utf-8', location: '/things/1' },
          body: Buffer.from('{"id":1}').toString('base64'),
        },
      ],
    ]);
  });

  it('keeps a 503 whose outcome is unknown, and releases the key of any other 5xx', async () => {
    await post('/claimed-unknown');
    await post('/claimed-unavailable');
    expect(settled.map(([what]) => what)).toEqual(['complete', 'release']);
  });

  it('leaves an unclaimed POST as it is, and puts no hook on any route but POST ones', async () => {
    expect(await (await post('/unclaimed')).json()).toEqual({ ok: true });
    expect(settled).toEqual([]);
    const routes = running.fastify.printRoutes({ includeHooks: true, commonPrefix: false });
    // The four POST routes have it; the GET (and its HEAD) do not: a global hook would show on them too.
    expect(routes.match(/settleClaim/g)).toHaveLength(4);
  });
});
