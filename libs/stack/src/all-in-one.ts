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
// No `--max-semi-space-size` here, though the gateway's own process has one (memory.ts): a V8
// flag is the process's, and it overrides every worker thread's young generation too (measured:
// `--max-semi-space-size=32` grew the jobs and services threads' young generations from their
// `resourceLimits` of 16 and 48 MB to 64 MB each, and the Markdown threads' with them). The
// threads size their own (apps/all-in-one/src/apps-thread.ts); the main thread keeps V8's default.
