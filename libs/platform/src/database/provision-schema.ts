import { Client, escapeIdentifier, escapeLiteral } from 'pg';

export interface SchemaProvisioning {
  /** Database that holds every schema. */
  database: string;
  schema: string;
  role: string;
  password: string;
  /** Extensions to install in the schema (superuser only: service roles cannot create them). */
  extensions?: string[];
}

/**
 * Creates (or updates) a service's login role and its schema, owned by that role. The role gets
 * CONNECT on the database and nothing on any other schema, so a service cannot read another's
 * tables even by mistake. Idempotent; run with a superuser connection.
 */
export async function provisionServiceSchema(adminUrl: string, p: SchemaProvisioning): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const role = escapeIdentifier(p.role);
    const exists = await client.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [p.role]);
    const verb = exists.rowCount ? 'ALTER' : 'CREATE';
    await client.query(`${verb} ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE PASSWORD ${escapeLiteral(p.password)}`);
    await client.query(`REVOKE ALL ON DATABASE ${escapeIdentifier(p.database)} FROM PUBLIC`);
    await client.query(`GRANT CONNECT, TEMPORARY ON DATABASE ${escapeIdentifier(p.database)} TO ${role}`);
    await client.query('REVOKE ALL ON SCHEMA public FROM PUBLIC');
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${escapeIdentifier(p.schema)} AUTHORIZATION ${role}`);
    await client.query(`ALTER SCHEMA ${escapeIdentifier(p.schema)} OWNER TO ${role}`);
    for (const extension of p.extensions ?? []) {
      await client.query(`CREATE EXTENSION IF NOT EXISTS ${escapeIdentifier(extension)} WITH SCHEMA ${escapeIdentifier(p.schema)}`);
    }
  } finally {
    await client.end();
  }
}

/** Creates the shared database when missing (connect to the maintenance database to call it). */
export async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!found.rowCount) await client.query(`CREATE DATABASE ${escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
