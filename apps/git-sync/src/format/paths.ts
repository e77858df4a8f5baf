import { createHash } from 'node:crypto';
import { posix } from 'node:path';

/** A 20-character base62 id derived from the space and the git path: the same on every attempt. */
export function stableId(salt: string, key: string): string {
  const digest = createHash('sha256').update(`${salt}\0${key}`).digest();
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  let id = '';
  for (let i = 0; i < 20; i++) id += alphabet[digest[i] % 62];
  return id;
}

/** A path relative to `dir`, normalised; undefined when it leaves the root. */
export function resolvePath(dir: string, href: string): string | undefined {
  if (href.startsWith('/')) href = href.slice(1);
  const joined = posix.normalize(posix.join(dir === '.' ? '' : dir, href));
  if (joined === '..' || joined.startsWith('../') || joined === '.') return undefined;
  return joined;
}
