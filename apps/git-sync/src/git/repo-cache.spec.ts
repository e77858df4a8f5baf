import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RepoCache, type RepoCacheOptions } from './repo-cache';

describe('RepoCache', () => {
  const base = mkdtempSync(join(tmpdir(), 'git-sync-cache-'));
  let n = 0;
  const cache = (options: Partial<RepoCacheOptions> = {}) => {
    const root = join(base, `c${n++}`);
    return new RepoCache({
      root,
      maxRepoBytes: 1024 * 1024,
      maxTotalBytes: 10 * 1024 * 1024,
      maxAgeMs: 3600_000,
      maxPacks: 4,
      lockStaleMs: 60_000,
      ...options,
    });
  };
  /** A repository in the leased directory, with `packs` pack files of `bytes` each. */
  const fill = (dir: string, packs = 0, bytes = 10) => {
    mkdirSync(dir, { recursive: true });
    execFileSync('git', ['init', '-q', '.'], { cwd: dir });
    for (let i = 0; i < packs; i++) writeFileSync(join(dir, '.git', 'objects', 'pack', `pack-${i}.pack`), Buffer.alloc(bytes));
  };
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('leases one repository per space and remote, to one job at a time', async () => {
    const repos = cache();
    const lease = repos.lease('space-1', 'http://a/x.git')!;
    expect(lease.fresh).toBe(true);
    // Taken: the other job goes without (a throwaway repository), it does not wait.
    expect(repos.lease('space-1', 'http://a/x.git')).toBeUndefined();
    const other = repos.lease('space-1', 'http://a/y.git')!;
    expect(other.dir).not.toBe(lease.dir);
    expect(repos.lease('space-2', 'http://a/x.git')!.dir).not.toBe(lease.dir);
    fill(lease.dir, 1);
    await lease.release({ keep: true });
    const again = repos.lease('space-1', 'http://a/x.git')!;
    expect(again.dir).toBe(lease.dir);
    expect(again.fresh).toBe(false);
    await again.release({ keep: true });
    await other.release({ keep: false });
  });

  it('survives a restart: a new instance over the same directory finds the repository', async () => {
    const first = cache();
    const lease = first.lease('s', 'u')!;
    fill(lease.dir, 1);
    await lease.release({ keep: true });
    const restarted = new RepoCache({ ...(first as unknown as { options: RepoCacheOptions }).options });
    expect(restarted.lease('s', 'u')!.fresh).toBe(false);
  });

  it('drops a repository released as not to keep (a failed fetch)', async () => {
    const repos = cache();
    const lease = repos.lease('s', 'u')!;
    fill(lease.dir, 1);
    await lease.release({ keep: false });
    expect(existsSync(lease.dir)).toBe(false);
    expect(repos.lease('s', 'u')!.fresh).toBe(true);
  });

  it('drops a repository past its bounds when released: too many packs, or too many bytes', async () => {
    const packs = cache({ maxPacks: 2 });
    const many = packs.lease('s', 'u')!;
    fill(many.dir, 3);
    await many.release({ keep: true });
    expect(existsSync(many.dir)).toBe(false);

    const bytes = cache({ maxRepoBytes: 64 * 1024 });
    const large = bytes.lease('s', 'u')!;
    fill(large.dir, 1, 128 * 1024);
    await large.release({ keep: true });
    expect(existsSync(large.dir)).toBe(false);
  });

  it('prunes repositories unused past the age bound, and the least recently used past the total', async () => {
    const repos = cache({ maxTotalBytes: 150 * 1024, maxAgeMs: 24 * 3600_000 });
    const made: Record<string, string> = {};
    for (const [name, ageHours] of [
      ['old', 48],
      ['lru', 3],
      ['mid', 2],
      ['new', 1],
    ] as const) {
      const lease = repos.lease(name, 'u')!;
      fill(lease.dir, 1, 100 * 1024);
      await lease.release({ keep: true });
      const used = new Date(Date.now() - ageHours * 3600_000);
      utimesSync(lease.dir, used, used);
      made[name] = lease.dir;
    }
    // In use: never pruned, even when it is the least recently used.
    const busy = repos.lease('lru', 'u')!;
    await repos.prune();
    expect(existsSync(made.old)).toBe(false);
    expect(existsSync(made.lru)).toBe(true);
    expect(existsSync(made.new)).toBe(true);
    // The newest fits the 150 KB (100 KB of pack and git's skeleton); the next one, mid, does not.
    expect(existsSync(made.mid)).toBe(false);
    await busy.release({ keep: true });
    expect(readdirSync((repos as unknown as { options: RepoCacheOptions }).options.root).filter((n) => n.endsWith('.lock'))).toEqual([]);
  });
});
