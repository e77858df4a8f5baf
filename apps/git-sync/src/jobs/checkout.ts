import { mkdtempSync, rmSync, mkdirSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AddressPolicy } from '@bindery/platform';
import { git, parseLsTree, readBlobs, type TreeEntry } from '../git/git-cli';
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
  /** Fetches blobs of `entries` left out up front (see `known` of `fetchBranch`); a no-op once all are here. */
  ensure(oids: string[]): Promise<void>;
  remove(): void;
}

const noEnsure = (): Promise<void> => Promise.resolve();

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
  /**
   * For an import (no checkout): the content root ('' = the top), decided from files read with
   * `read` (`.gitbook.yaml`). Given, the fetch is partial: the commit's trees first, then only the
   * blobs under the root; `entries` are the files under the root and those `read` read.
   */
  root?: (read: (path: string) => Promise<Buffer | undefined>) => Promise<string>;
  /**
   * With `root`: blobs the last sync read (by oid, with their size), not fetched up front — a
   * re-import reads only what changed; `ensure` fetches any of them a reader still needs.
   */
  known?: ReadonlyMap<string, number>;
}): Promise<Checkout> {
  if (options.root && !options.checkout) {
    try {
      return await fetchRoot({ ...options, root: options.root });
    } catch (error) {
      // A server that filters but refuses blobs asked by id: the whole branch, as before.
      if (!(error instanceof BlobsRefusedError)) throw error;
    }
  }
  return fetchWhole(options);
}

type FetchOptions = Parameters<typeof fetchBranch>[0];

/** The remote would not send blobs asked for by id (`uploadpack.allowAnySHA1InWant` off, protocol v0). */
class BlobsRefusedError extends Error {}

/** A fresh repository with `origin` pinned to the checked address, and a runner of git commands in it under the fetch's caps. */
async function prepare(options: FetchOptions) {
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
  const done = () => {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', onJobAbort);
  };
  try {
    const pinned = pinnedAddressConfig(await checkedAddress(options.url, options.policy));
    const run = async (args: string[], input?: string) => {
      try {
        return await git(args, {
          cwd: dir,
          config: pinned,
          credentials: options.credentials,
          timeoutMs: limits.timeoutMs,
          signal: stop.signal,
          input,
        });
      } catch (error) {
        if (overCap) throw new LimitError(overCap);
        throw error;
      }
    };
    /** Runs a fetch while watching the object store grow against the byte cap. */
    const watched = async (args: string[], input?: string) => {
      const watch = watchBytes(join(dir, '.git', 'objects'), limits.maxBytes, abort);
      try {
        // unpackLimit=1: the pack is always written to disk as it arrives (unpacking into loose
        // objects would hold a large blob in memory until complete), so the watch sees it grow.
        return await run(['-c', 'fetch.unpackLimit=1', ...args], input);
      } finally {
        clearInterval(watch);
      }
    };
    await run(['init', '-q', '.']);
    await run(['remote', 'add', 'origin', options.url]);
    return { dir, remove, run, watched, done };
  } catch (error) {
    done();
    remove();
    throw error;
  }
}

/**
 * The partial import fetch: depth 1 without blobs, the root decided, then the root's blobs in
 * one request. Lazy fetching is switched off as soon as the trees arrive (the promisor setting
 * is removed), so no later git command can reach the remote outside these pinned, capped fetches.
 */
async function fetchRoot(options: FetchOptions & { root: NonNullable<FetchOptions['root']> }): Promise<Checkout> {
  const { dir, remove, run, watched, done } = await prepare(options);
  const { limits } = options;
  try {
    const branch = branchOf(options.ref);
    if (!(await hasBranch(run, options))) return { dir, commit: '', entries: [], symlinks: [], report: [], ensure: noEnsure, remove };
    await watched([
      'fetch',
      '-q',
      '--depth',
      '1',
      '--filter=blob:none',
      '--no-tags',
      'origin',
      `+${options.ref}:refs/remotes/origin/${branch}`,
    ]);
    await run(['config', '--unset-all', 'remote.origin.promisor']).catch(() => undefined);
    await run(['config', '--unset-all', 'remote.origin.partialclonefilter']).catch(() => undefined);
    const commit = (await run(['rev-parse', `refs/remotes/origin/${branch}`])).toString('utf8').trim();
    // Without -l: a size needs the blob. Sizes come from the blobs once fetched.
    const tree = parseLsTree(await run(['ls-tree', '-r', '-z', '--full-tree', commit]));
    const missing = new Set(
      (await run(['rev-list', '--objects', '--missing=print', commit]))
        .toString('utf8')
        .split('\n')
        .filter((line) => line.startsWith('?'))
        .map((line) => line.slice(1).trim()),
    );
    const fetchBlobs = async (oids: string[]) => {
      const absent = [...new Set(oids.filter((oid) => missing.has(oid)))];
      if (absent.length === 0) return;
      try {
        await watched(
          [
            '-c',
            'fetch.negotiationAlgorithm=noop',
            '-c',
            'maintenance.auto=false',
            'fetch',
            '-q',
            '--no-tags',
            '--no-write-fetch-head',
            '--recurse-submodules=no',
            '--stdin',
            'origin',
          ],
          absent.join('\n') + '\n',
        );
      } catch (error) {
        if (error instanceof LimitError) throw error;
        throw new BlobsRefusedError(String(error));
      }
      for (const oid of absent) missing.delete(oid);
    };
    const byPath = new Map(tree.filter((e) => e.type === 'blob' && e.mode !== '120000').map((e) => [e.path, e]));
    const read = new Set<string>();
    const root = await options.root(async (path) => {
      const entry = byPath.get(path);
      if (!entry) return undefined;
      await fetchBlobs([entry.oid]);
      read.add(path);
      return (await readBlobs(dir, [entry.oid], limits.timeoutMs)).get(entry.oid);
    });
    const prefix = root ? `${root}/` : '';
    const { entries, symlinks, report } = plainFiles(tree.filter((e) => e.path.startsWith(prefix) || read.has(e.path)));
    if (entries.length > limits.maxFiles)
      throw new LimitError(`the repository's root has ${entries.length} files, over the limit of ${limits.maxFiles}`);
    const known = options.known ?? new Map<string, number>();
    await fetchBlobs(entries.filter((e) => !known.has(e.oid)).map((e) => e.oid));
    const sizes = await blobSizes(
      dir,
      entries.map((e) => e.oid),
      limits.timeoutMs,
    );
    for (const e of entries) {
      const size = sizes.get(e.oid) ?? known.get(e.oid);
      // Still absent: the remote left it out; never read lazily (see above), so refused here.
      if (size === undefined) throw new BlobsRefusedError(`${e.path}: not sent by the remote`);
      e.size = size;
    }
    const bytes = entries.reduce((sum, e) => sum + e.size, 0);
    if (bytes > limits.maxBytes) throw new LimitError(`the repository's root holds ${bytes} bytes, over the limit of ${limits.maxBytes}`);
    return { dir, commit, entries, symlinks, report, ensure: fetchBlobs, remove };
  } catch (error) {
    remove();
    throw error;
  } finally {
    done();
  }
}

/**
 * Whether the remote has the branch. A missing one is an empty checkout when the caller allows it
 * (the first export to an empty repository), a clear error otherwise.
 */
async function hasBranch(run: (args: string[]) => Promise<Buffer>, options: FetchOptions): Promise<boolean> {
  const remoteRefs = (await run(['ls-remote', '--heads', 'origin', options.ref])).toString('utf8').trim();
  if (remoteRefs !== '') return true;
  if (options.allowMissing) return false;
  throw new BadRepositoryError(`the repository has no branch ${branchOf(options.ref)}`);
}

/** Sizes of blobs present in the repository (`git cat-file --batch-check`); absent ones are left out. */
async function blobSizes(cwd: string, oids: string[], timeoutMs: number): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  const unique = [...new Set(oids)];
  if (unique.length === 0) return sizes;
  const out = await git(['cat-file', '--batch-check'], { cwd, timeoutMs, input: unique.join('\n') + '\n' });
  for (const line of out.toString('utf8').split('\n')) {
    const [oid, type, size] = line.split(' ');
    if (type === 'blob') sizes.set(oid, Number(size));
  }
  return sizes;
}

/** The whole branch, shallow (export, and imports from remotes that cannot filter). */
async function fetchWhole(options: FetchOptions): Promise<Checkout> {
  const { dir, remove, run, watched, done } = await prepare(options);
  const { limits } = options;
  try {
    const branch = branchOf(options.ref);
    if (!(await hasBranch(run, options))) return { dir, commit: '', entries: [], symlinks: [], report: [], ensure: noEnsure, remove };
    await watched(['fetch', '-q', '--depth', '1', '--no-tags', 'origin', `+${options.ref}:refs/remotes/origin/${branch}`]);
    const commit = (await run(['rev-parse', `refs/remotes/origin/${branch}`])).toString('utf8').trim();
    const all = parseLsTree(await run(['ls-tree', '-r', '-l', '-z', '--full-tree', commit]));
    const { entries, symlinks, report } = plainFiles(all);
    // Sizes are the uncompressed ones: a small pack of highly compressible blobs is caught here,
    // before any blob is read.
    if (entries.length > limits.maxFiles)
      throw new LimitError(`the repository has ${entries.length} files, over the limit of ${limits.maxFiles}`);
    const bytes = entries.reduce((sum, e) => sum + e.size, 0);
    if (bytes > limits.maxBytes) throw new LimitError(`the repository holds ${bytes} bytes, over the limit of ${limits.maxBytes}`);
    if (options.checkout) await run(['checkout', '-q', '-B', branch, commit]);
    return { dir, commit, entries, symlinks, report, ensure: noEnsure, remove };
  } catch (error) {
    remove();
    throw error;
  } finally {
    done();
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

/** The regular files of a tree; symlinks and submodules are left out, each with a line of the report. */
function plainFiles(tree: TreeEntry[]): { entries: TreeEntry[]; symlinks: string[]; report: string[] } {
  const report: string[] = [];
  const symlinks: string[] = [];
  const entries = tree.filter((e) => {
    if (e.mode === '120000') {
      symlinks.push(e.path);
      report.push(`${e.path}: a symlink; left out`);
    } else if (e.type !== 'blob') report.push(`${e.path}: a submodule; left out`);
    else return true;
    return false;
  });
  return { entries, symlinks, report };
}
