import { closeSync, openSync, readFileSync, rmSync, statSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

/** Locks this process holds, by lock file path (a second job of the same process never takes one it holds). */
const held = new Set<string>();

export interface DirLockOptions {
  /** A lock whose file was not refreshed for this long is stale (its holder died without releasing it). */
  staleMs: number;
  /** How often a held lock's file is refreshed; well under `staleMs`. */
  refreshMs?: number;
}

/** A held lock; `release` is idempotent. */
export interface DirLock {
  release(): void;
}

/**
 * Takes an exclusive lock file without waiting: undefined when another job (of this process or
 * another one sharing the directory) holds it. The file is created with O_EXCL, so two processes
 * never both take it; it names its holder (host and pid) and is touched while held, so a lock left
 * by a worker that died is taken over: at once when the holder was a process of this host that no
 * longer runs (or this very process before a restart, same pid), after `staleMs` otherwise.
 */
export function tryLock(path: string, options: DirLockOptions): DirLock | undefined {
  if (held.has(path)) return undefined;
  if (!create(path)) {
    if (!isStale(path, options.staleMs)) return undefined;
    rmSync(path, { force: true });
    // Another process may have judged it stale at the same moment: only one of us creates it.
    if (!create(path)) return undefined;
  }
  held.add(path);
  const refresh = setInterval(
    () => {
      const now = new Date();
      try {
        utimesSync(path, now, now);
      } catch {
        // Removed under us (a stale verdict elsewhere): the holder finishes its job all the same.
      }
    },
    options.refreshMs ?? Math.max(1000, Math.floor(options.staleMs / 4)),
  );
  refresh.unref();
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      clearInterval(refresh);
      held.delete(path);
      // Only our own file: a holder that took over a lock judged stale keeps its own.
      if (holderOf(path) === me()) rmSync(path, { force: true });
    },
  };
}

const me = () => `${hostname()} ${process.pid}`;

function create(path: string): boolean {
  try {
    const fd = openSync(path, 'wx');
    try {
      writeSync(fd, me());
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

function holderOf(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function isStale(path: string, staleMs: number): boolean {
  let modified: number;
  try {
    modified = statSync(path).mtimeMs;
  } catch {
    return true; // released meanwhile
  }
  if (Date.now() - modified > staleMs) return true;
  const holder = holderOf(path);
  if (holder === undefined) return true;
  // An empty file: its holder died between creating and writing it, or is writing right now.
  if (holder === '') return Date.now() - modified > 5000;
  const [host, pid] = holder.split(' ');
  if (host !== hostname()) return false;
  // Ours by name but not in `held`: left by an earlier process with our pid (a restarted container).
  if (Number(pid) === process.pid) return true;
  return !alive(Number(pid));
}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
