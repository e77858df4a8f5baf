import { chownSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { basename, dirname, join } from 'node:path';
import { run, waitForPort } from './processes';

export interface PostgresCluster {
  dataDir: string;
  port: number;
  adminUser: string;
  adminPassword: string;
}

/** The directory holding initdb, pg_ctl and postgres (Debian keeps them out of PATH). */
export function postgresBinDir(): string {
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    const root = '/usr/lib/postgresql';
    const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
    if (versions.length === 0) throw new Error('PostgreSQL is not installed (apt-get install postgresql)');
    return join(root, versions[0], 'bin');
  }
}

/** Root runs Postgres as the `postgres` user, which must own the cluster's directories. */
const pgUser = (): string | undefined => (process.getuid?.() === 0 ? 'postgres' : undefined);

function ownForPostgres(path: string): void {
  if (pgUser()) execFileSync('chown', ['-R', 'postgres:postgres', path]);
}

/** Creates the cluster on first use: scram passwords on its Unix socket and over TCP (loopback only). */
export function initCluster(cluster: PostgresCluster): void {
  if (existsSync(join(cluster.dataDir, 'PG_VERSION'))) return;
  mkdirSync(cluster.dataDir, { recursive: true, mode: 0o700 });
  const pwFile = `${cluster.dataDir}.pw`;
  writeFileSync(pwFile, cluster.adminPassword, { mode: 0o600 });
  ownForPostgres(cluster.dataDir);
  if (pgUser()) chownSync(pwFile, uidOf('postgres'), gidOf('postgres'));
  try {
    run(
      join(postgresBinDir(), 'initdb'),
      [
        '-D',
        cluster.dataDir,
        '-U',
        cluster.adminUser,
        `--pwfile=${pwFile}`,
        '--auth-local=scram-sha-256',
        '--auth-host=scram-sha-256',
        '--encoding=UTF8',
        '--no-instructions',
      ],
      { user: pgUser() },
    );
  } finally {
    rmSync(pwFile, { force: true });
  }
}

/** Starts the cluster (no-op when it already runs) and waits until it accepts connections. */
export async function startCluster(cluster: PostgresCluster, logFile: string): Promise<void> {
  const bin = postgresBinDir();
  const socketDir = socketDirOf(cluster);
  mkdirSync(socketDir, { recursive: true });
  ownForPostgres(socketDir);
  if (existsSync(join(cluster.dataDir, 'postmaster.pid'))) {
    try {
      run(join(bin, 'pg_ctl'), ['status', '-D', cluster.dataDir], { user: pgUser() });
      return;
    } catch {
      // A stale pid file from a crash: pg_ctl start below handles it.
    }
  }
  const options =
    `-p ${cluster.port} -c listen_addresses=127.0.0.1 -k ${socketDir} -c max_connections=300 -c fsync=${process.env.BINDERY_PG_FSYNC ?? 'on'}` +
    statementStatistics(bin);
  mkdirSync(dirname(logFile), { recursive: true });
  writeFileSync(logFile, '', { flag: 'a' });
  ownForPostgres(logFile);
  run(join(bin, 'pg_ctl'), ['start', '-w', '-t', '60', '-D', cluster.dataDir, '-l', logFile, '-o', options], { user: pgUser() });
  await waitForPort(cluster.port);
}

/**
 * `pg_stat_statements` (when the server's contrib files are installed): what each statement costs,
 * for finding the queries behind a slow benchmark. Read it as the admin user after
 * `CREATE EXTENSION IF NOT EXISTS pg_stat_statements` in the `bindery` database. Not
 * `track_planning` (planner runs beside calls): it makes every backend that plans a statement take
 * that statement's entry lock, and the same read at 64 connections then queued on it (`pnpm bench
 * gateway`: 0.243 × the floor with it, 0.472 × without, same window); `pnpm bench soak-statements`
 * turns it on for its own run only.
 */
function statementStatistics(bin: string): string {
  const shareDir = join(dirname(bin), '..', 'share');
  const candidates = [join(shareDir, 'extension'), join('/usr/share/postgresql', basename(dirname(bin)), 'extension')];
  const available = candidates.some((dir) => existsSync(join(dir, 'pg_stat_statements.control')));
  return available ? ' -c shared_preload_libraries=pg_stat_statements' : '';
}

/** Stops the cluster we started (fast mode: rolls back open transactions). */
export function stopCluster(cluster: PostgresCluster): void {
  if (!existsSync(join(cluster.dataDir, 'postmaster.pid'))) return;
  run(join(postgresBinDir(), 'pg_ctl'), ['stop', '-m', 'fast', '-D', cluster.dataDir], { user: pgUser() });
}

/** Where the cluster puts its Unix socket (`.s.PGSQL.<port>`), beside its data directory. */
export const socketDirOf = (c: PostgresCluster): string => `${c.dataDir}-socket`;

/**
 * How a client of the local stack reaches the cluster: over its Unix socket, not loopback TCP. A
 * round trip costs less CPU on both sides (a prepared one-row SELECT, `pg` client: ~19 % less in the
 * client, ~18 % less in its backend; pgbench -S: ~25 % less on each side). Password auth
 * stays: the cluster asks for scram on the socket as on TCP (`--auth-local`). The cluster still listens
 * on 127.0.0.1 too, for `psql -h 127.0.0.1 -p <port>` and anything off this host's filesystem.
 */
export const connectionUrl = (c: PostgresCluster, user: string, password: string, database: string): string =>
  `postgres://${encodeURIComponent(user)}:${encodeURIComponent(password)}@/${database}?host=${encodeURIComponent(socketDirOf(c))}&port=${c.port}`;

export const adminUrl = (c: PostgresCluster, database = 'postgres'): string => connectionUrl(c, c.adminUser, c.adminPassword, database);

function uidOf(user: string): number {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}
function gidOf(user: string): number {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}
