import Fastify from 'fastify';
import { Pool } from 'pg';

/**
 * The bare reference for the gateway benchmark: Fastify + pg reading the same organization row,
 * no auth, no NATS, no framework. Run as its own process so it competes for the CPU like the stack.
 */
async function main(): Promise<void> {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/orgs/:id', async (request, reply) => {
    const { rows } = await pool.query(
      'SELECT id, title, created_at, email_domains, type, plan, merge_rules FROM identity.organizations WHERE id = $1',
      [request.params.id],
    );
    if (rows.length === 0) return reply.status(404).send({ error: { code: 404, message: 'not found' } });
    return rows[0] as unknown;
  });
  await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
  process.send?.('ready');
}

void main();
