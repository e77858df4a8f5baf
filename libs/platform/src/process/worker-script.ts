import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';

/**
 * The path of a worker thread's script that sits beside the calling module (`__dirname`). Worker
 * threads load compiled JavaScript: when the module itself runs from its TypeScript sources (the
 * service-alone test tier under vitest) the script is the build's twin under `dist/`, so that tier
 * runs after the app's build.
 */
export function workerScript(dir: string, file: string): string {
  const beside = join(dir, file);
  if (existsSync(beside)) return beside;
  const marker = `${sep}src${sep}`;
  const at = beside.lastIndexOf(marker);
  if (at < 0) return beside;
  const built = `${beside.slice(0, at)}${sep}dist${sep}${beside.slice(at + marker.length)}`;
  return existsSync(built) ? built : beside;
}
