import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, utimesSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { type DirLock, tryLock } from './dir-lock';

export interface RepoCacheOptions {
  /** Directory holding one repository per space and remote (kept across jobs and restarts). */
  root: string;
  /** A space's repository larger than this (its object store) is dropped after its job, and rebuilt by the next. */
  maxRepoBytes: number;
  /** Past this, the least recently used repositories are dropped. */
  maxTotalBytes: number;
  /** A repository unused for this long is dropped. */
  maxAgeMs: number;
  /** A repository with more packs than this is dropped (every fetch adds one; lookups slow down as they pile up). */
  maxPacks: number;
  /** How long a lock may go unrefreshed before it is taken over (its holder died). */
  lockStaleMs: number;
}

/** A job's exclusive use of a space's cached repository. */
export interface CacheLease {
  dir: string;
  /** False when the repository was already there (a re-import): its objects need not be fetched again. */
  fresh: boolean;
  /** Ends the lease; `keep: false` drops the repository (a failed or suspect fetch), else it is checked against the bounds. */
  release(options: { keep: boolean }): Promise<void>;
}

/** Prune at most this often (a listing of the cache and a walk of each repository's packs). */
const PRUNE_EVERY_MS = 10 * 60 * 1000;

/**
 * Per-space git repositories kept between imports, so a re-import fetches only the new commit's
 * trees and changed blobs instead of cloning again. One job at a time per repository (a lock file,
 * good across processes sharing the directory); a job that finds it taken works in a throwaway
 * repository instead of waiting. Bounded in size per repository, in total, and by age.
 */
export class RepoCache {
  private lastPrune = 0;
  private pruning?: Promise<void>;

  constructor(private readonly options: RepoCacheOptions) {}

  /** Undefined when another job holds this repository. */
  lease(spaceId: string, url: string): CacheLease | undefined {
    mkdirSync(this.options.root, { recursive: true });
    // Keyed by the remote too: a space pointed at another repository starts a new cache (the old one ages out).
    const dir = join(this.options.root, createHash('sha256').update(`${spaceId}\0${url}`).digest('hex').slice(0, 40));
    const lock = tryLock(`${dir}.lock`, { staleMs: this.options.lockStaleMs });
    if (!lock) return undefined;
    return {
      dir,
      fresh: !existsSync(join(dir, '.git', 'HEAD')),
      release: ({ keep }) => this.release(dir, lock, keep),
    };
  }

  private async release(dir: string, lock: DirLock, keep: boolean): Promise<void> {
    try {
      if (keep && !(await this.withinBounds(dir))) keep = false;
      if (keep) {
        // Last use, for the age bound and the least-recently-used order.
        const now = new Date();
        utimesSync(dir, now, now);
      } else rmSync(dir, { recursive: true, force: true });
    } catch {
      rmSync(dir, { recursive: true, force: true });
    } finally {
      lock.release();
    }
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) void this.prune();
  }

  private async withinBounds(dir: string): Promise<boolean> {
    const packs = (await readdir(join(dir, '.git', 'objects', 'pack'))).filter((name) => name.endsWith('.pack')).length;
    if (packs > this.options.maxPacks) return false;
    return (await directoryBytes(join(dir, '.git', 'objects'))) <= this.options.maxRepoBytes;
  }

  /** Drops repositories unused past the age bound, then the least recently used past the total bound; skips those in use. */
  prune(): Promise<void> {
    this.lastPrune = Date.now();
    // One at a time; one asked for while another runs goes after it (it may have listed too early).
    const run = (this.pruning ?? Promise.resolve()).then(() => this.pruneNow().catch(() => undefined));
    this.pruning = run;
    void run.finally(() => {
      if (this.pruning === run) this.pruning = undefined;
    });
    return run;
  }

  private async pruneNow(): Promise<void> {
    const names = (await readdir(this.options.root, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
    const repos: { dir: string; used: number; bytes: number }[] = [];
    for (const name of names) {
      const dir = join(this.options.root, name);
      const used = (await stat(dir)).mtimeMs;
      repos.push({ dir, used, bytes: Date.now() - used > this.options.maxAgeMs ? 0 : await directoryBytes(dir) });
    }
    repos.sort((a, b) => b.used - a.used);
    let total = 0;
    for (const repo of repos) {
      total += repo.bytes;
      const drop = Date.now() - repo.used > this.options.maxAgeMs || total > this.options.maxTotalBytes;
      if (!drop) continue;
      const lock = tryLock(`${repo.dir}.lock`, { staleMs: this.options.lockStaleMs });
      if (!lock) continue; // in use: it is recent, whatever its stamp says
      try {
        await rm(repo.dir, { recursive: true, force: true });
        total -= repo.bytes;
      } finally {
        lock.release();
      }
    }
  }
}

/** Bytes of the files under `dir` (0 when it is gone). */
export async function directoryBytes(dir: string): Promise<number> {
  let total = 0;
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) total += await directoryBytes(path);
    else if (entry.isFile()) total += (await stat(path).catch(() => ({ size: 0 }))).size;
  }
  return total;
}
