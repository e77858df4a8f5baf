import { join } from 'node:path';

/** How the stack runs one app of `apps/`. */
export interface AppSpec {
  /** Directory name under apps/, NATS queue group and log file name. */
  name: string;
  /** Postgres schema the app owns (and the suffix of its database role); none for the gateway. */
  schema?: string;
  /** Secrets the app needs, as env variable names; the stack generates each once per data directory. */
  secrets?: string[];
}

/** The gateway: stateless, listens on HTTP. */
export const GATEWAY: AppSpec = { name: 'gateway' };

/** Every bounded-context service, in start order. A new service is added here and in docker-compose.yml. */
export const SERVICES: AppSpec[] = [
  { name: 'identity', schema: 'identity' },
  { name: 'content', schema: 'content', secrets: ['FILE_URL_SECRET'] },
];

export const ALL_APPS: AppSpec[] = [...SERVICES, GATEWAY];

export const repoRoot = (): string => join(__dirname, '..', '..', '..');
export const appEntry = (app: AppSpec, file = 'main.js'): string => join(repoRoot(), 'apps', app.name, 'dist', file);
export const roleOf = (schema: string): string => `bindery_${schema.replace(/-/g, '_')}`;
