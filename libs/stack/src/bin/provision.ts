import { ensureDatabase, provisionServiceSchema } from '@bindery/platform';
import { roleOf, SERVICES } from '../apps';

/**
 * Operators (docker-compose, Kubernetes job): creates the database, and a schema and login role per
 * service, from ADMIN_DATABASE_URL and one `<SCHEMA>_DB_PASSWORD` per service. Idempotent.
 */
async function main(): Promise<void> {
  const admin = process.env.ADMIN_DATABASE_URL;
  if (!admin) throw new Error('ADMIN_DATABASE_URL is required (a superuser connection URL)');
  const database = process.env.BINDERY_DATABASE ?? 'bindery';
  const maintenance = new URL(admin);
  maintenance.pathname = '/postgres';
  await ensureDatabase(maintenance.toString(), database);
  const target = new URL(admin);
  target.pathname = `/${database}`;
  for (const app of SERVICES) {
    if (!app.schema) continue;
    const variable = `${app.schema.toUpperCase().replace(/-/g, '_')}_DB_PASSWORD`;
    const password = process.env[variable];
    if (!password) throw new Error(`${variable} is required (password of the ${roleOf(app.schema)} role)`);
    await provisionServiceSchema(target.toString(), {
      database,
      schema: app.schema,
      role: roleOf(app.schema),
      password,
      extensions: app.extensions,
    });
    console.log(`schema ${app.schema} and role ${roleOf(app.schema)} ready`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
