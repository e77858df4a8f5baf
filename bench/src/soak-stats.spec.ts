import { createServer, type Server } from 'node:http';
import { EventLoopWatch, OperationStats } from './soak-stats';

/** A metrics port serving each scrape the next text of `texts` (the last one again when done). */
async function metricsPort(texts: string[]): Promise<{ port: number; server: Server }> {
  let n = 0;
  const server = createServer((_request, response) => response.end(texts[Math.min(n++, texts.length - 1)]));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, server };
}

const lag = (min: number, max: number) =>
  `nodejs_eventloop_lag_min_seconds{service="x"} ${min}\nnodejs_eventloop_lag_max_seconds{service="x"} ${max}\n`;

describe("the soak's event-loop watch", () => {
  it('reports stalls beyond the sampling tick: an idle loop (0.2 s between ticks) stalled for none', async () => {
    const idle = await metricsPort([lag(0.2001, 0.211)]);
    const busy = await metricsPort([lag(0.21, 0.25), lag(0.23, 0.48)]);
    try {
      const watch = new EventLoopWatch({ idle: idle.port, busy: busy.port }, Date.now());
      const texts = await watch.sample();
      expect(texts.busy).toContain('nodejs_eventloop_lag_max_seconds');
      await watch.sample();
      expect(watch.line()).toMatch(/beyond the 200 ms sampling tick\): busy 0\.28 s at \d+ s, idle 0\.01 s at \d+ s$/);
    } finally {
      idle.server.close();
      busy.server.close();
    }
  });
});

describe("the soak's operation figures", () => {
  it('gives the p99 of the whole run and, apart, of the requests started after the warm-up', () => {
    const stats = new OperationStats();
    stats.steadyFrom(1000);
    // A cold start: the first requests slow, then a steady 10 ms.
    for (let i = 0; i < 10; i++) stats.record('read', 900, i);
    for (let i = 0; i < 990; i++) stats.record('read', 10, 1000 + i);
    const [line] = stats.lines(10);
    expect(line).toMatch(/p99 +900\.0 ms +\(after warm-up +10\.0 ms\)/);
    expect(stats.requests).toBe(1000);
  });
});
