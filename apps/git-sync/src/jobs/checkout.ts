import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressPolicy } from '@bindery/platform';
import { git, GitError, parseLsTree, readBlobs, type TreeEntry } from '../git/git-cli';
import { type CacheLease, directoryBytes, type RepoCache } from '../git/repo-cache';
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
  /** Contents of blobs of `entries` by oid, fetched first if left out up front (those the root decision read are not read again). */
  read(oids: string[]): Promise<Map<string, Buffer>>;
  /** Removes the repository, or hands a kept one back to the cache (which may drop it past its bounds). */
  remove(): Promise<void>;
}

const noEnsure = (): Promise<void> => Promise.resolve();
const noRead = (): Promise<Map<string, Buffer>> => Promise.resolve(new Map<string, Buffer>());
const noRemove = (): Promise<void> => Promise.resolve();

/** A branch of `refs/heads/<branch>`. */
export const branchOf = (ref: string): string => ref.replace(/^refs\/heads\//, '');

/**
 * Fetches one branch, shallow, into a fresh directory (or, for an import given a `cache`, into the
 * space's kept repository): the host checked by the address policy and git pinned to the checked
 * address; caps on file count and size checked on the tree before any blob is read. With
 * `checkout` the working tree is written (export); otherwise only the objects.
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
  /**
   * With `root`: repositories kept between imports, one per space (`cacheKey`) and remote. A
   * re-import then fetches only the new commit's trees and the blobs it does not hold yet; when
   * another job holds the space's repository, a throwaway one is used as without a cache.
   */
  cache?: RepoCache;
  cacheKey?: string;
}): Promise<Checkout> {
  if (options.root && !options.checkout) {
    const lease = options.cache && options.cacheKey ? options.cache.lease(options.cacheKey, options.url) : undefined;
    try {
      return await fetchRoot({ ...options, root: options.root }, lease);
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

/** git's answer to a fetch of a ref the remote lacks. */
const MISSING_REF = /couldn't find remote ref/i;

/**
 * A repository with `origin` pinned to the checked address, and a runner of git commands in it
 * under the fetch's caps: a fresh directory, or the leased cache repository (created when new).
 * `origin` is written into the repository's config only when `persistRemote` (an export pushes to
 * it); otherwise it is given on each command, which spares a process.
 */
async function prepare(options: FetchOptions, lease?: CacheLease, persistRemote = true) {
  let dir: string;
  let remove: (keep?: boolean) => Promise<void>;
  if (lease) {
    dir = lease.dir;
    remove = (keep = true) => lease.release({ keep });
  } else {
    mkdirSync(options.workRoot, { recursive: true });
    dir = mkdtempSync(join(options.workRoot, 'repo-'));
    remove = () => {
      rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    };
  }
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
    const config: Record<string, string> = {
      ...pinned,
      // A kept repository is never repacked behind our back (a partial one cannot be) nor maintained.
      'gc.auto': '0',
      'maintenance.auto': 'false',
      ...(persistRemote ? {} : { 'remote.origin.url': options.url }),
    };
    const run = async (args: string[], input?: string) => {
      try {
        return await git(args, {
          cwd: dir,
          config,
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
    if (!lease || lease.fresh) {
      // A kept repository left half made (a worker killed while creating it) starts over.
      if (lease) {
        rmSync(dir, { recursive: true, force: true });
        mkdirSync(dir, { recursive: true });
      }
      await run(['init', '-q', '.']);
      if (persistRemote) await run(['remote', 'add', 'origin', options.url]);
    }
    // What this job receives is capped, not what earlier imports left in a kept repository.
    const objects = join(dir, '.git', 'objects');
    const before = lease && !lease.fresh ? await directoryBytes(objects) : 0;
    /** Runs a fetch while watching the object store grow against the byte cap. */
    const watched = async (args: string[], input?: string) => {
      const watch = watchBytes(objects, before, limits.maxBytes, abort);
      try {
        // unpackLimit=1: the pack is always written to disk as it arrives (unpacking into loose
        // objects would hold a large blob in memory until complete), so the watch sees it grow.
        return await run(['-c', 'fetch.unpackLimit=1', ...args], input);
      } finally {
        clearInterval(watch);
      }
    };
    return { dir, remove, run, watched, done };
  } catch (error) {
    done();
    await remove(false);
    throw error;
  }
}

/**
 * The partial import fetch: depth 1 without blobs, the root decided, then the root's blobs the
 * repository lacks in one request. Lazy fetching is switched off as soon as the trees arrive (the
 * promisor setting git wrote is removed), so no later git command can reach the remote outside
 * these pinned, capped fetches. In a kept repository the first fetch brings only the trees that
 * changed since the last import, and the second only the changed blobs.
 */
async function fetchRoot(options: FetchOptions & { root: NonNullable<FetchOptions['root']> }, lease?: CacheLease): Promise<Checkout> {
  const { dir, remove, run, watched, done } = await prepare(options, lease, false);
  const { limits } = options;
  try {
    const branch = branchOf(options.ref);
    try {
      // No `ls-remote` first: a missing branch is told by the fetch itself (a round trip less).
      await watched([
        'fetch',
        '-q',
        '--depth',
        '1',
        '--filter=blob:none',
        '--no-tags',
        // The commit is read from the ref it updates (FETCH_HEAD would only be written to disk).
        '--no-write-fetch-head',
        'origin',
        `+${options.ref}:refs/remotes/origin/${branch}`,
      ]);
    } catch (error) {
      if (!(error instanceof GitError) || !MISSING_REF.test(error.message)) throw error;
      if (!options.allowMissing) throw new BadRepositoryError(`the repository has no branch ${branch}`);
      await remove();
      return { dir, commit: '', entries: [], symlinks: [], report: [], ensure: noEnsure, read: noRead, remove: noRemove };
    }
    dropPromisorRemote(dir);
    const commit =
      readLooseRef(dir, `refs/remotes/origin/${branch}`) ??
      (await run(['rev-parse', `refs/remotes/origin/${branch}`])).toString('utf8').trim();
    // Without -l: a size needs the blob. Sizes come from the blobs once here.
    const tree = parseLsTree(await run(['ls-tree', '-r', '-z', '--full-tree', commit]));
    /** Blobs of the commit not in the repository (learnt per blob: outside the root they are never asked about). */
    const absent = new Set<string>();
    const fetchBlobs = async (oids: string[]) => {
      const wanted = [...new Set(oids.filter((oid) => absent.has(oid)))];
      if (wanted.length === 0) return;
      try {
        await watched(
          [
            '-c',
            'fetch.negotiationAlgorithm=noop',
            'fetch',
            '-q',
            '--no-tags',
            '--no-write-fetch-head',
            '--recurse-submodules=no',
            '--stdin',
            'origin',
          ],
          wanted.join('\n') + '\n',
        );
      } catch (error) {
        if (error instanceof LimitError) throw error;
        throw new BlobsRefusedError(String(error));
      }
      for (const oid of wanted) absent.delete(oid);
    };
    const byPath = new Map(tree.filter((e) => e.type === 'blob' && e.mode !== '120000').map((e) => [e.path, e]));
    const read = new Map<string, Buffer>();
    const root = await options.root(async (path) => {
      const entry = byPath.get(path);
      if (!entry) return undefined;
      let blob = (await catBlobs(dir, [entry.oid], limits.timeoutMs)).get(entry.oid);
      if (!blob) {
        absent.add(entry.oid);
        await fetchBlobs([entry.oid]);
        blob = (await catBlobs(dir, [entry.oid], limits.timeoutMs)).get(entry.oid);
      }
      if (blob) read.set(path, blob);
      return blob;
    });
    const prefix = root ? `${root}/` : '';
    const { entries, symlinks, report } = plainFiles(tree.filter((e) => e.path.startsWith(prefix) || read.has(e.path)));
    if (entries.length > limits.maxFiles)
      throw new LimitError(`the repository's root has ${entries.length} files, over the limit of ${limits.maxFiles}`);
    // One look at the repository: the sizes of the blobs it holds, and which it lacks.
    const sizes = await blobSizes(
      dir,
      entries.map((e) => e.oid),
      limits.timeoutMs,
    );
    for (const e of entries) if (!sizes.has(e.oid)) absent.add(e.oid);
    const known = options.known ?? new Map<string, number>();
    const toFetch = entries.filter((e) => absent.has(e.oid) && !known.has(e.oid)).map((e) => e.oid);
    await fetchBlobs(toFetch);
    for (const [oid, size] of await blobSizes(dir, toFetch, limits.timeoutMs)) sizes.set(oid, size);
    for (const e of entries) {
      const size = sizes.get(e.oid) ?? known.get(e.oid);
      // Still absent: the remote left it out; never read lazily (see above), so refused here.
      if (size === undefined) throw new BlobsRefusedError(`${e.path}: not sent by the remote`);
      e.size = size;
    }
    const bytes = entries.reduce((sum, e) => sum + e.size, 0);
    if (bytes > limits.maxBytes) throw new LimitError(`the repository's root holds ${bytes} bytes, over the limit of ${limits.maxBytes}`);
    const oidsRead = new Map([...read].map(([path, blob]) => [byPath.get(path)!.oid, blob]));
    return {
      dir,
      commit,
      entries,
      symlinks,
      report,
      ensure: fetchBlobs,
      read: async (oids) => {
        await fetchBlobs(oids);
        const result = await readBlobs(
          dir,
          oids.filter((oid) => !oidsRead.has(oid)),
          limits.timeoutMs,
        );
        for (const oid of oids) if (oidsRead.has(oid)) result.set(oid, oidsRead.get(oid)!);
        return result;
      },
      remove: () => remove(true),
    };
  } catch (error) {
    await remove(false);
    throw error;
  } finally {
    done();
  }
}

/**
 * Removes the `[remote "origin"]` section git wrote into the repository's config when the filtered
 * fetch made it a partial clone (`promisor`, `partialclonefilter`): with it gone git never fetches
 * a missing object on its own. The remote itself is given on each command, so nothing else is in
 * that section. A file edit, not `git config --unset` twice: two processes fewer per import.
 */
export function dropPromisorRemote(dir: string): void {
  const path = join(dir, '.git', 'config');
  const kept = withoutSection(readFileSync(path, 'utf8'), 'remote "origin"');
  const temporary = `${path}.bindery-${process.pid}`;
  writeFileSync(temporary, kept);
  renameSync(temporary, path);
}

/** A git config text without the named section (`remote "origin"`); other sections as they were. */
export function withoutSection(config: string, section: string): string {
  let inside = false;
  const header = /^\s*\[\s*([^\]]*?)\s*\]/;
  return config
    .split('\n')
    .filter((line) => {
      const match = header.exec(line);
      if (match) inside = match[1].replace(/\s+/, ' ').toLowerCase() === section.toLowerCase();
      return !inside;
    })
    .join('\n');
}

/** The commit a loose ref names (a fresh fetch writes one), or undefined to ask git (packed, or anything unexpected). */
function readLooseRef(dir: string, ref: string): string | undefined {
  try {
    const value = readFileSync(join(dir, '.git', ref), 'utf8').trim();
    return /^[0-9a-f]{40}([0-9a-f]{24})?$/.test(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Contents of the blobs present in the repository (`git cat-file --batch`); absent ones are left out, never fetched. */
async function catBlobs(cwd: string, oids: string[], timeoutMs: number): Promise<Map<string, Buffer>> {
  const result = new Map<string, Buffer>();
  const out = await git(['cat-file', '--batch'], { cwd, timeoutMs, input: oids.join('\n') + '\n' });
  let at = 0;
  while (at < out.length) {
    const eol = out.indexOf(10, at);
    const [oid, type, size] = out.subarray(at, eol).toString('utf8').split(' ');
    if (type === 'missing') {
      at = eol + 1;
      continue;
    }
    const length = Number(size);
    if (!Number.isFinite(length)) throw new GitError(`git cat-file: unexpected answer for ${oid}`);
    result.set(oid, out.subarray(eol + 1, eol + 1 + length));
    at = eol + 1 + length + 1;
  }
  return result;
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
    if (!(await hasBranch(run, options)))
      return { dir, commit: '', entries: [], symlinks: [], report: [], ensure: noEnsure, read: noRead, remove };
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
    return { dir, commit, entries, symlinks, report, ensure: noEnsure, read: (oids) => readBlobs(dir, oids, limits.timeoutMs), remove };
  } catch (error) {
    await remove();
    throw error;
  } finally {
    done();
  }
}

/** Polls the size of git's object store while a fetch writes to it; calls `over` once it grew by more than `maxBytes` from `before`. */
function watchBytes(objects: string, before: number, maxBytes: number, over: (reason: string) => void): NodeJS.Timeout {
  let busy = false;
  return setInterval(() => {
    if (busy) return;
    busy = true;
    void directoryBytes(objects)
      .then((bytes) => {
        if (bytes - before > maxBytes) over(`the repository sent over ${maxBytes} bytes, the limit; the fetch was stopped`);
      })
      .catch(() => undefined)
      .finally(() => (busy = false));
  }, 200);
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
