import { join } from 'node:path';
import { repoRoot } from './apps';

/**
 * The all-in-one topology (`apps/all-in-one`): every app in one Node process. Apps share
 * variable names, so in that process an app's own variables carry its name as prefix
 * (`CONTENT_DATABASE_URL`); apps/all-in-one/src/app-environment.ts reads them back.
 */
export const ALL_IN_ONE = 'all-in-one';

export const allInOneEntry = (): string => join(repoRoot(), 'apps', 'all-in-one', 'dist', 'main.js');

/** `git-sync` → `GIT_SYNC_`. */
export const envPrefix = (appName: string): string => `${appName.toUpperCase().replace(/-/g, '_')}_`;

/** An app's environment in the all-in-one form: each variable under the app's prefix. */
export function prefixed(appName: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const prefix = envPrefix(appName);
  return Object.fromEntries(Object.entries(env).map(([name, value]) => [`${prefix}${name}`, value]));
}

/**
 * V8's heap limit of the process: every app's live data in one heap. Well below the sum of the
 * apps' own limits (memory.ts), so V8 keeps the heap close to what is live.
 */
export const ALL_IN_ONE_HEAP_MB = 1024;

/**
 * The main thread's largest semi-space, in MiB: the gateway's and identity's own processes have it
 * (memory.ts, REQUEST_PATH_SEMI_SPACE_MB), and the all-in-one's main thread runs both of them and
 * the lighter services. With V8's default (16) it scavenged about twice as often per request as the
 * gateway's own process, every scavenge holding every request the thread has in flight.
 *
 * A V8 flag is the process's: it would also override every worker thread's young generation (their
 * `resourceLimits`: measured, `--max-semi-space-size=32` grew the jobs and services threads' to
 * 64 MB each, and the Markdown threads' with them). The flag sizes the main thread's heap when the
 * process starts; apps/all-in-one/src/main.ts then unsets it (`v8.setFlagsFromString`) before any
 * thread starts, so each thread sizes its own (apps-thread.ts). No floor (`--min-semi-space-size`,
 * as the gateway's process has): idle, the startup collection gives the young generation back
 * (apps/all-in-one/src/startup-garbage.ts), which keeps the idle process small.
 */
export const ALL_IN_ONE_MAIN_SEMI_SPACE_MB = 32;

/** Node's flags for the all-in-one process: each only unless NODE_OPTIONS already sets it (the operator's choice wins). */
export function allInOneNodeArgs(nodeOptions: string | undefined): string[] {
  const flags = [`--max-old-space-size=${ALL_IN_ONE_HEAP_MB}`, `--max-semi-space-size=${ALL_IN_ONE_MAIN_SEMI_SPACE_MB}`];
  return flags.filter((flag) => !nodeOptions?.includes(flag.slice(0, flag.indexOf('='))));
}
