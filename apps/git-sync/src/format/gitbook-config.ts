import { posix } from 'node:path';
import { parse as parseYaml } from 'yaml';

/** What `.gitbook.yaml` says about a project (GitBook's defaults when absent). */
export interface GitbookConfig {
  /** Directory of the content, relative to the repository top, without leading or trailing slash ('' = top). */
  root: string;
  readme: string;
  summary: string;
  redirects: Record<string, string>;
}

/** A `.gitbook.yaml` that cannot be used: the import fails with this reason. */
export class FormatError extends Error {}

/**
 * Reads `.gitbook.yaml` found in `projectDir` (the `repoProjectDirectory`, '' for the top). Paths
 * in it are relative to that directory and may not climb out of the repository.
 */
export function readGitbookConfig(source: string | undefined, projectDir: string): GitbookConfig {
  let value: unknown = {};
  if (source !== undefined) {
    try {
      value = parseYaml(source, { schema: 'core', maxAliasCount: 20 }) ?? {};
    } catch (error) {
      throw new FormatError(`.gitbook.yaml is not valid YAML: ${(error as Error).message.split('\n')[0]}`);
    }
    if (typeof value !== 'object' || Array.isArray(value)) throw new FormatError('.gitbook.yaml must be a YAML mapping');
  }
  const config = value as { root?: unknown; structure?: { readme?: unknown; summary?: unknown }; redirects?: unknown };
  const root = inside(projectDir, typeof config.root === 'string' ? config.root : '.', 'root');
  const structure = typeof config.structure === 'object' && config.structure !== null ? config.structure : {};
  const readme = relativeFile(structure.readme, 'README.md', 'structure.readme');
  const summary = relativeFile(structure.summary, 'SUMMARY.md', 'structure.summary');
  const redirects: Record<string, string> = {};
  if (config.redirects && typeof config.redirects === 'object')
    for (const [from, to] of Object.entries(config.redirects)) if (typeof to === 'string') redirects[from] = to;
  return { root, readme, summary, redirects };
}

/** `path` joined to `base`, normalised; throws when it leaves the repository. */
function inside(base: string, path: string, field: string): string {
  const joined = posix.normalize(posix.join(base || '.', path)).replace(/\/+$/, '') || '.';
  if (joined === '..' || joined.startsWith('../') || posix.isAbsolute(path))
    throw new FormatError(`.gitbook.yaml: ${field} "${path}" points outside the repository`);
  return joined === '.' ? '' : joined;
}

function relativeFile(value: unknown, fallback: string, field: string): string {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string' || value.trim() === '') throw new FormatError(`.gitbook.yaml: ${field} must be a file path`);
  const normalised = posix.normalize(value.replace(/^\.\//, ''));
  if (normalised.startsWith('..') || posix.isAbsolute(value))
    throw new FormatError(`.gitbook.yaml: ${field} "${value}" points outside the root`);
  return normalised;
}
