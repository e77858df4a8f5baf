import { Counter } from 'prom-client';
import { METRICS_REUSE_MS, metricsRegistry, metricsText } from './metrics';

describe('metricsText', () => {
  const counter = new Counter({ name: 'test_metrics_text_total', help: 'a test counter', registers: [metricsRegistry] });
  let clock = 0;
  const now = (): number => clock;

  it('serialises the registry once for the scrapes of several ports that share it', async () => {
    const serialise = jest.spyOn(metricsRegistry, 'metrics');
    clock = 10_000;
    const texts = await Promise.all([metricsText('9001', now), metricsText('9002', now), metricsText('9003', now)]);
    clock += METRICS_REUSE_MS / 2;
    texts.push(await metricsText('9004', now));
    expect(serialise).toHaveBeenCalledTimes(1);
    expect(new Set(texts).size).toBe(1);
    serialise.mockRestore();
  });

  it('serialises again for a port that scrapes twice: its second scrape has the samples since its first', async () => {
    clock = 15_000;
    await metricsText('9001', now);
    counter.inc();
    expect(await metricsText('9001', now)).toContain('test_metrics_text_total 1');
  });

  it('serialises again for a scrape after the reuse window, with the samples of then', async () => {
    clock = 20_000;
    await metricsText('9001', now);
    counter.inc();
    clock += METRICS_REUSE_MS;
    expect(await metricsText('9002', now)).toContain('test_metrics_text_total 2');
  });

  it('does not reuse a failed serialisation', async () => {
    clock = 30_000;
    const serialise = jest.spyOn(metricsRegistry, 'metrics').mockRejectedValueOnce(new Error('collect failed'));
    await expect(metricsText('9001', now)).rejects.toThrow('collect failed');
    await expect(metricsText('9002', now)).resolves.toContain('test_metrics_text_total');
    expect(serialise).toHaveBeenCalledTimes(2);
    serialise.mockRestore();
  });
});
