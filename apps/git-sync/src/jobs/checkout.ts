import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressPolicy } from '@bindery/platform';
import { git, parseLsTree, type TreeEntry } from '../git/git-cli';
import { checkedAddress, pinnedAddressConfig } from '../git/remote-url';
import { BadRepositoryError, LimitError } from './failures';

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
  /** Paths of symlinks (never followed nor written; an import refuses those under its root). */
  symlinks: string[];
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
  const { limits } = options;
  // One deadline for the whole fetch (not per git command), and a cap on the bytes received
  // checked while the pack arrives: git itself has no client-side limit.
  const stop = new AbortController();
  let overCap: string | undefined;
  const abort = (reason: string) => {
    overCap ??= reason;
    stop.abort();
  };
  const deadline = setTimeout(() => abort(`fetching the repository took over ${limits.timeoutMs} ms`), limits.timeoutMs);
  const onJobAbort = () => stop.abort();
  options.signal?.addEventListener('abort', onJobAbort, { once: true });
  try {
    const pinned = pinnedAddressConfig(await checkedAddress(options.url, options.policy));
    const run = async (args: string[]) => {
      try {
        return await git(args, {
          cwd: dir,
          config: pinned,
          credentials: options.credentials,
          timeoutMs: limits.timeoutMs,
          signal: stop.signal,
        });
      } catch (error) {
        if (overCap) throw new LimitError(overCap);
        throw error;
      }
    };
    await run(['init', '-q', '.']);
    await run(['remote', 'add', 'origin', options.url]);
    const branch = branchOf(options.ref);
    const remoteRefs = (await run(['ls-remote', '--heads', 'origin', options.ref])).toString('utf8').trim();
    if (remoteRefs === '') {
      if (options.allowMissing) return { dir, commit: '', entries: [], symlinks: [], report: [], remove };
      throw new BadRepositoryError(`the repository has no branch ${branch}`);
    }
    const watch = watchBytes(join(dir, '.git', 'objects'), limits.maxBytes, abort);
    try {
      // unpackLimit=1: the pack is always written to disk as it arrives (unpacking into loose
      // objects would hold a large blob in memory until complete), so the watch sees it grow.
      await run([
        '-c',
        'fetch.unpackLimit=1',
        'fetch',
        '-q',
        '--depth',
        '1',
        '--no-tags',
        'origin',
        `+${options.ref}:refs/remotes/origin/${branch}`,
      ]);
    } finally {
      clearInterval(watch);
    }
    const commit = (await run(['rev-parse', `refs/remotes/origin/${branch}`])).toString('utf8').trim();
    const all = parseLsTree(await run(['ls-tree', '-r', '-l', '-z', '--full-tree', commit]));
    const report: string[] = [];
    const symlinks: string[] = [];
    const entries = all.filter((e) => {
      if (e.mode === '120000') {
        symlinks.push(e.path);
        report.push(`${e.path}: a symlink; left out`);
      } else if (e.type !== 'blob') report.push(`${e.path}: a submodule; left out`);
      else return true;
      return false;
    });
    // Sizes are the uncompressed ones: a small pack of highly compressible blobs is caught here,
    // before any blob is read.
    if (entries.length > limits.maxFiles)
      throw new LimitError(`the repository has ${entries.length} files, over the limit of ${limits.maxFiles}`);
    const bytes = entries.reduce((sum, e) => sum + e.size, 0);
    if (bytes > limits.maxBytes) throw new LimitError(`the repository holds ${bytes} bytes, over the limit of ${limits.maxBytes}`);
    if (options.checkout) await run(['checkout', '-q', '-B', branch, commit]);
    return { dir, commit, entries, symlinks, report, remove };
  } catch (error) {
    remove();
    throw error;
  } finally {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', onJobAbort);
  }
}

/** Polls the size of git's object store while a fetch writes to it; calls `over` past `maxBytes`. */
function watchBytes(objects: string, maxBytes: number, over: (reason: string) => void): NodeJS.Timeout {
  let busy = false;
  return setInterval(() => {
    if (busy) return;
    busy = true;
    void sizeOf(objects)
      .then((bytes) => {
        if (bytes > maxBytes) over(`the repository sent over ${maxBytes} bytes, the limit; the fetch was stopped`);
      })
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, 200);
}

async function sizeOf(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await sizeOf(path);
    else if (entry.isFile()) total += (await stat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}
