import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { envVariables } from '@bindery/platform';
import { type AppSpec, repoRoot } from './apps';

/**
 * Variables the stack itself sets for every app (where NATS and the database are, the app's
 * credentials, ports, its directory, the log level from BINDERY_APP_LOG_LEVEL): a value in the
 * shell does not override them. Generated secrets (AppSpec.secrets) are managed the same way.
 */
export const STACK_MANAGED_VARIABLES = new Set([
  'NATS_URL',
  'NATS_USER',
  'NATS_PASSWORD',
  'DATABASE_URL',
  'PORT',
  'HOST',
  'METRICS_PORT',
  'METRICS_HOST',
  'BINDERY_DATA_DIR',
  'LOG_LEVEL',
]);

const load = createRequire(__filename);
const cache = new Map<string, string[]>();

/**
 * The settings of an app that `pnpm start` takes from its own environment: every variable the
 * app's env class validates, except those the stack manages. Read from the compiled env class
 * (or its source when not built, under jest), so a new setting passes through without a list here.
 */
export function passThroughVariables(app: AppSpec): string[] {
  let names = cache.get(app.name);
  if (!names) {
    const dist = join(repoRoot(), 'apps', app.dir ?? app.name, 'dist', `${app.env.file}.js`);
    const source = join(repoRoot(), 'apps', app.dir ?? app.name, 'src', `${app.env.file}.ts`);
    const schema = (load(existsSync(dist) ? dist : source) as Record<string, new () => object>)[app.env.className];
    if (!schema) throw new Error(`apps/${app.dir ?? app.name}: ${app.env.file} exports no ${app.env.className}`);
    const managed = new Set([...STACK_MANAGED_VARIABLES, ...(app.secrets ?? [])]);
    names = envVariables(schema).filter((name) => !managed.has(name));
    cache.set(app.name, names);
  }
  return names;
}

/** The pass-through settings of an app that are set in `from` (the shell running the stack). */
export function passedThrough(app: AppSpec, from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of passThroughVariables(app)) if (from[name] !== undefined) env[name] = from[name];
  return env;
}

/**
 * The OpenTelemetry settings in `from` (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_TRACES_SAMPLER`, …),
 * passed to every app: the standard variables, not part of any env class. Not the service name:
 * each app is named after itself (BINDERY_SERVICE).
 */
export function openTelemetryVariables(from: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(from)) {
    if (name.startsWith('OTEL_') && name !== 'OTEL_SERVICE_NAME' && value !== undefined) env[name] = value;
  }
  return env;
}
