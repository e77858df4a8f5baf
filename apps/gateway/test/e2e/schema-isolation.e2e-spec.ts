import { adminUrl, roleOf, SERVICES } from '@bindery/stack';
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
    const other = new Client({
      connectionString: `postgres://${roleOf('e2e_other')}:other-secret@127.0.0.1:${stack.state.postgres.port}/bindery`,
    });
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
});
