import { envPrefix } from '@bindery/stack';

/**
 * One environment for every app of the process. Apps share variable names (DATABASE_URL,
 * NATS_USER, …), so an app's own value is the variable with its name as prefix: `CONTENT_DATABASE_URL`,
 * `GIT_SYNC_NATS_USER`, `CONTENT_WORKER_NATS_PASSWORD`. An app sees, from lowest to highest precedence:
 *
 * 0. the process's defaults for it (SMALL_INSTALL_DEFAULTS);
 * 1. every variable as set (a shared `LOG_LEVEL`, `NATS_URL`, `SITES_AUTH_SECRET`, …);
 * 2. for a worker, its service's prefixed variables (`CONTENT_DATABASE_URL` for content-worker);
 * 3. its own prefixed variables.
 *
 * A variable belongs to the app with the longest matching prefix: `CONTENT_WORKER_NATS_USER` is
 * content-worker's, never content's `WORKER_NATS_USER`.
 */
export interface ComposedApp {
  name: string;
  /** The service a worker belongs to (its directory under apps/). */
  dir?: string;
}

/**
 * Settings whose default differs in the one process, each app's (its own name's, as the operator
 * would prefix them); any value the operator sets wins. Each Markdown thread is a V8 isolate of its
 * own (~13 MB resident idle, measured): content's conversions and git sync's page parsing take one
 * thread each rather than two, as on a small machine those threads share its cores with the
 * process's three that serve and run jobs. Conversions still never run on a loop that serves
 * requests; two at once queue (`CONTENT_MARKDOWN_WORKERS=2` or `GIT_SYNC_WORKER_GIT_MARKDOWN_WORKERS=2`
 * runs them side by side again).
 */
export const SMALL_INSTALL_DEFAULTS: Record<string, NodeJS.ProcessEnv> = {
  content: { MARKDOWN_WORKERS: '1' },
  'git-sync-worker': { GIT_MARKDOWN_WORKERS: '1' },
};

/** The environment one app sees inside the all-in-one process. */
export function environmentOf(app: ComposedApp, apps: ComposedApp[], env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const owned = ownedVariables(apps, env);
  const layers = [app.dir && app.dir !== app.name ? app.dir : undefined, app.name].filter((name): name is string => !!name);
  const result: NodeJS.ProcessEnv = { ...SMALL_INSTALL_DEFAULTS[app.name], ...env };
  for (const layer of layers) Object.assign(result, owned.get(layer) ?? {});
  return result;
}

/** The prefixed variables of each app, without their prefix. */
function ownedVariables(apps: ComposedApp[], env: NodeJS.ProcessEnv): Map<string, NodeJS.ProcessEnv> {
  // Longest first, so the first prefix that matches is the owner.
  const prefixes = apps.map((app) => ({ name: app.name, prefix: envPrefix(app.name) })).sort((a, b) => b.prefix.length - a.prefix.length);
  const owned = new Map<string, NodeJS.ProcessEnv>();
  for (const [variable, value] of Object.entries(env)) {
    const owner = prefixes.find(({ prefix }) => variable.startsWith(prefix) && variable.length > prefix.length);
    if (!owner || value === undefined) continue;
    const mine = owned.get(owner.name) ?? {};
    mine[variable.slice(owner.prefix.length)] = value;
    owned.set(owner.name, mine);
  }
  return owned;
}

/** An app's invalid environment, naming the variables the operator sets in this process. */
export function explainConfigError(appName: string, message: string): string {
  const prefix = envPrefix(appName);
  const lines = message
    .split('\n')
    .map((line) => line.replace(/^ {2}([A-Z0-9_]+):/, (_all, name: string) => `  ${prefix}${name} (or ${name} for every app):`));
  return `${appName}: ${lines.join('\n')}`;
}
