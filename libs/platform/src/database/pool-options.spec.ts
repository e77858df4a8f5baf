import { Client, Pool, type PoolClient } from 'pg';
import { POOL_IDLE_TIMEOUT_MILLIS, servicePoolOptions } from './pool-options';

/** A pg client that never reaches a server: pg-pool only connects, keeps, releases and ends it here. */
class UnconnectedClient extends Client {
  static opened = 0;
  // pg's `connect` and `end` have promise and callback overloads; pg-pool calls the callback ones.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override connect(...args: any[]): any {
    UnconnectedClient.opened += 1;
    process.nextTick(args[0] as () => void);
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override end(...args: any[]): any {
    process.nextTick(() => {
      this.emit('end');
      (args[0] as () => void)();
    });
  }
}

/** pg-pool's own pool with a service pool's options: what each service's TypeORM data source builds. */
function servicePool(poolSize?: number): Pool {
  return new Pool({ ...servicePoolOptions(poolSize), Client: UnconnectedClient });
}

async function burst(pool: Pool, connections: number): Promise<void> {
  const clients: PoolClient[] = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
  for (const client of clients) client.release();
}

describe('servicePoolOptions', () => {
  beforeEach(() => {
    // Timers only: the stand-in connects and ends on the next tick.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    UnconnectedClient.opened = 0;
  });
  afterEach(() => jest.useRealTimers());

  it('keeps the connections of a burst open across a pause longer than pg-pool’s 10 s default', async () => {
    const pool = servicePool();
    await burst(pool, 4);
    await jest.advanceTimersByTimeAsync(30_000);
    expect(pool.totalCount).toBe(4);
    await burst(pool, 4);
    expect(UnconnectedClient.opened).toBe(4);
    await pool.end();
  });

  it('closes idle connections after its idle timeout, down to one kept warm', async () => {
    const pool = servicePool();
    await burst(pool, 4);
    await jest.advanceTimersByTimeAsync(POOL_IDLE_TIMEOUT_MILLIS + 1);
    expect(pool.totalCount).toBe(1);
    await burst(pool, 1);
    expect(UnconnectedClient.opened).toBe(4);
    await pool.end();
  });

  it('opens at most the pool size', () => {
    expect(servicePoolOptions().max).toBe(10);
    expect(servicePoolOptions(2)).toMatchObject({ max: 2, min: 1 });
  });
});
