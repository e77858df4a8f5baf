import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressPolicy } from '@bindery/platform';
import { git, parseLsTree, type TreeEntry } from '../git/git-cli';
import { checkedAddress } from '../git/remote-url';

export interface CheckoutLimits {
  maxBytes: number;
  maxFiles: number;
  timeoutMs: number;
}

export interface Checkout {
  dir: string;
  commit: string;
  /** Regular files of the commit (symlinks and submodules are left out and reported). */
  entries: TreeEntry[];
  report: string[];
  remove(): void;
}

/** A branch of `refs/heads/<branch>`. */
export const branchOf = (ref: string): string => ref.replace(/^refs\/heads\//, '');

/**
 * Fetches one branch, shallow, into a fresh directory: the host checked by the address policy and
 * git pinned to the checked address; caps on file count and size checked on the tree before any
 * blob is read. With `checkout` the working tree is written (export); otherwise only the objects.
 * A branch the remote lacks gives `entries` empty and `commit` '' when `allowMissing`.
 */
export async function fetchBranch(options: {
  workRoot: string;
  url: string;
  credentials?: { username?: string; password?: string };
  ref: string;
  policy: AddressPolicy;
  limits: CheckoutLimits;
  checkout: boolean;
  allowMissing?: boolean;
  signal?: AbortSignal;
}): Promise<Checkout> {
  mkdirSync(options.workRoot, { recursive: true });
  const dir = mkdtempSync(join(options.workRoot, 'repo-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const { host, port, address } = await checkedAddress(options.url, options.policy);
    const pinned = { 'http.curloptResolve': `${host}:${port}:${address.includes(':') ? `[${address}]` : address}` };
    const run = (args: string[], extra: { cwd?: string; input?: string } = {}) =>
      git(args, {
        cwd: dir,
        ...extra,
        config: pinned,
        credentials: options.credentials,
        timeoutMs: options.limits.timeoutMs,
        signal: options.signal,
      });
    await run(['init', '-q', '.']);
    await run(['remote', 'add', 'origin', options.url]);
    const branch = branchOf(options.ref);
    const remoteRefs = (await run(['ls-remote', '--heads', 'origin', options.ref])).toString('utf8').trim();
    if (remoteRefs === '') {
      if (options.allowMissing) return { dir, commit: '', entries: [], report: [], remove };
      throw new Error(`the repository has no branch ${branch}`);
    }
    await run(['fetch', '-q', '--depth', '1', '--no-tags', 'origin', `+${options.ref}:refs/remotes/origin/${branch}`]);
    const commit = (await run(['rev-parse', `refs/remotes/origin/${branch}`])).toString('utf8').trim();
    const all = parseLsTree(await run(['ls-tree', '-r', '-l', '-z', '--full-tree', commit]));
    const report: string[] = [];
    const entries = all.filter((e) => {
      if (e.mode === '120000') report.push(`${e.path}: a symlink; left out`);
      else if (e.type !== 'blob') report.push(`${e.path}: a submodule; left out`);
      else return true;
      return false;
    });
    if (entries.length > options.limits.maxFiles)
      throw new Error(`the repository has ${entries.length} files, over the limit of ${options.limits.maxFiles}`);
    const bytes = entries.reduce((sum, e) => sum + e.size, 0);
    if (bytes > options.limits.maxBytes)
      throw new Error(`the repository holds ${bytes} bytes, over the limit of ${options.limits.maxBytes}`);
    if (options.checkout) await run(['checkout', '-q', '-B', branch, commit]);
    return { dir, commit, entries, report, remove };
  } catch (error) {
    remove();
    throw error;
  }
}
