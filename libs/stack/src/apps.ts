import { join } from 'node:path';

/** How the stack runs one app of `apps/`. */
export interface AppSpec {
  /** Directory name under apps/ (unless `dir` says otherwise), NATS queue group and log file name. */
  name: string;
  /** A worker process runs from its service's directory and entry file (`worker.js`) with the service's env. */
  dir?: string;
  entry?: string;
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

/** Worker processes (`apps/<service>/src/worker.ts`): the service's schema and secrets, their own process. */
export const WORKERS: AppSpec[] = [
  { name: 'content-worker', dir: 'content', entry: 'worker.js', schema: 'content', secrets: ['FILE_URL_SECRET'] },
];

export const ALL_APPS: AppSpec[] = [...SERVICES, ...WORKERS, GATEWAY];

export const repoRoot = (): string => join(__dirname, '..', '..', '..');
export const appEntry = (app: AppSpec, file = app.entry ?? 'main.js'): string =>
  join(repoRoot(), 'apps', app.dir ?? app.name, 'dist', file);
export const roleOf = (schema: string): string => `bindery_${schema.replace(/-/g, '_')}`;
