/** The pg-pool options of a service data source's pool (given to TypeORM as `extra`). */
export interface ServicePoolOptions {
  /** Connections open at most. */
  max: number;
  /** Connections the pool keeps however long they idle (pg-pool opens them on demand, never ahead). */
  min: number;
  /** How long a connection above `min` may idle before the pool closes it. */
  idleTimeoutMillis: number;
}

/** Connections per service pool unless the service asks for another size. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * pg-pool closes a connection after 10 s idle by default, and reuses its most recently released one
 * first: under uneven load the connections at the bottom of its idle list time out between bursts
 * and are opened again at the next one. A reopen costs a backend fork, a SCRAM exchange (PBKDF2 on
 * both sides), cold catalog caches and a Parse of every named statement the connection had
 * prepared: ~15 ms of Postgres CPU and ~14 ms in the service (counted, on a loaded machine). In 60 s
 * soaks with 10 s, 40–49 sessions were opened, 19 of them after the pools' first 20 s (all
 * collaboration's and identity's, ~21 a minute); with a minute, 25, none after the first 20 s.
 * Idle backends cost memory (a few MB each), no CPU, so a pool still shrinks after a quiet minute,
 * down to `min`: one warm connection per service, whose first request after a pause needs no
 * connection set-up.
 */
export const POOL_IDLE_TIMEOUT_MILLIS = 60_000;
export const POOL_MIN_CONNECTIONS = 1;

export function servicePoolOptions(poolSize = DEFAULT_POOL_SIZE): ServicePoolOptions {
  return { max: poolSize, min: Math.min(POOL_MIN_CONNECTIONS, poolSize), idleTimeoutMillis: POOL_IDLE_TIMEOUT_MILLIS };
}
