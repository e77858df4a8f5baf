import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '@bindery/stack';

/**
 * A file of the shared development data (`../shared/data` beside the repository, as on the
 * development machine; `BINDERY_DEV_DATA` names another place), for tests that serve a real
 * GitBook repository or OpenAPI description. Fails loudly when the data is missing.
 */
export function devDataPath(...parts: string[]): string {
  const roots = [process.env.BINDERY_DEV_DATA, join(repoRoot(), '..', 'shared', 'data'), '/work/shared/data'].filter(
    (r): r is string => !!r,
  );
  const root = roots.find((candidate) => existsSync(candidate));
  if (!root) throw new Error(`the shared development data is missing (looked in ${roots.join(', ')}; set BINDERY_DEV_DATA)`);
  return join(root, ...parts);
}
