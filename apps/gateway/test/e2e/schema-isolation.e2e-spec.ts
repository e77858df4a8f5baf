import { adminUrl, connectionUrl, roleOf, SERVICES } from '@bindery/stack';
import { provisionServiceSchema } from '@bindery/platform';
import { controlTestStack } from '@bindery/testing';
import { Client } from 'pg';

describe('a Postgres schema and role per service', () => {
  it("lets a service's role use its own schema and nothing of another service's", async () => {
    const stack = await controlTestStack();
    // A second context's schema, provisioned exactly as the stack provisions a real one.
    await provisionServiceSchema(adminUrl(stack.state.postgres, 'bindery'), {
      database: 'bindery',
      schema: 'e2e_other',
      role: roleOf('e2e_other'),
      password: 'other-secret',
    });
    const other = new Client({ connectionString: connectionUrl(stack.state.postgres, roleOf('e2e_other'), 'other-secret', 'bindery') });
    const identity = new Client({ connectionString: stack.envFor(SERVICES.find((s) => s.name === 'identity')!).DATABASE_URL });
    await other.connect();
    await identity.connect();
    try {
      await other.query('CREATE TABLE IF NOT EXISTS e2e_other.secrets (v text)');
      await expect(identity.query('SELECT * FROM e2e_other.secrets')).rejects.toThrow(/permission denied/);
      await expect(other.query('SELECT * FROM identity.users')).rejects.toThrow(/permission denied/);
      await expect(other.query('SELECT * FROM identity.api_tokens')).rejects.toThrow(/permission denied/);
      await expect(identity.query('CREATE TABLE public.sneaky (v text)')).rejects.toThrow(/permission denied/);
      const own = await identity.query('SELECT count(*)::int AS n FROM identity.users');
      expect(own.rows[0].n).toBeGreaterThan(0);
    } finally {
      await other.end();
      await identity.end();
    }
  });

  it("reaches Postgres over its Unix socket, which asks for the role's password as TCP does", async () => {
    const stack = await controlTestStack();
    const url = stack.envFor(SERVICES.find((s) => s.name === 'identity')!).DATABASE_URL!;
    const identity = new Client({ connectionString: url });
    await identity.connect();
    try {
      // No server address: the session came in on the Unix socket, not loopback TCP.
      const { rows } = await identity.query('SELECT inet_server_addr() AS addr');
      expect(rows[0].addr).toBeNull();
    } finally {
      await identity.end();
    }
    const impostor = new Client({
      connectionString: connectionUrl(stack.state.postgres, roleOf('identity'), 'not-the-password', 'bindery'),
    });
    await expect(impostor.connect()).rejects.toThrow(/password authentication failed/);
  });
});
