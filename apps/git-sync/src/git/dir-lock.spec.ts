import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { tryLock } from './dir-lock';

describe('tryLock', () => {
  const root = mkdtempSync(join(tmpdir(), 'git-sync-lock-'));
  const path = (name: string) => join(root, `${name}.lock`);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('is exclusive until released, then free again', () => {
    const first = tryLock(path('a'), { staleMs: 60_000 });
    expect(first).toBeDefined();
    expect(tryLock(path('a'), { staleMs: 60_000 })).toBeUndefined();
    first!.release();
    expect(existsSync(path('a'))).toBe(false);
    const again = tryLock(path('a'), { staleMs: 60_000 });
    expect(again).toBeDefined();
    again!.release();
  });

  it('names its holder in the file', () => {
    const lock = tryLock(path('b'), { staleMs: 60_000 })!;
    expect(readFileSync(path('b'), 'utf8')).toBe(`${hostname()} ${process.pid}`);
    lock.release();
  });

  it('leaves alone a fresh lock of a live process', () => {
    // pid 1 runs on any host this runs on.
    writeFileSync(path('c'), `${hostname()} 1`);
    expect(tryLock(path('c'), { staleMs: 60_000 })).toBeUndefined();
    // Another host's lock cannot be checked by pid: only its age tells.
    writeFileSync(path('d'), 'elsewhere 42');
    expect(tryLock(path('d'), { staleMs: 60_000 })).toBeUndefined();
  });

  it('takes over a lock left by a process of this host that no longer runs', () => {
    // Past the largest pid Linux hands out (4194304): no such process.
    writeFileSync(path('e'), `${hostname()} 99999999`);
    const lock = tryLock(path('e'), { staleMs: 60_000 });
    expect(lock).toBeDefined();
    expect(readFileSync(path('e'), 'utf8')).toBe(`${hostname()} ${process.pid}`);
    lock!.release();
  });

  it('takes over a lock left by this pid before a restart (a container restarted keeps its pid)', () => {
    writeFileSync(path('f'), `${hostname()} ${process.pid}`);
    const lock = tryLock(path('f'), { staleMs: 60_000 });
    expect(lock).toBeDefined();
    lock!.release();
  });

  it('takes over a lock not refreshed within staleMs, whoever held it', () => {
    writeFileSync(path('g'), 'elsewhere 42');
    const old = new Date(Date.now() - 120_000);
    utimesSync(path('g'), old, old);
    const lock = tryLock(path('g'), { staleMs: 60_000 });
    expect(lock).toBeDefined();
    lock!.release();
  });

  it('does not remove a lock another holder took over after judging ours stale', () => {
    const lock = tryLock(path('h'), { staleMs: 60_000 })!;
    writeFileSync(path('h'), 'elsewhere 42');
    lock.release();
    expect(readFileSync(path('h'), 'utf8')).toBe('elsewhere 42');
  });
});
