import { Histogram, Registry } from 'prom-client';
import { RequestHistogram } from './request-histogram';

const BUCKETS = [0.001, 0.01, 0.1, 1];
/** Values below, on and above the bounds, over three label sets in no order. */
const OBSERVED: Array<[{ subject: string; outcome: string }, number]> = [
  [{ subject: 'content.space.get', outcome: 'ok' }, 0.0004],
  [{ subject: 'content.space.get', outcome: 'ok' }, 0.01],
  [{ subject: 'content.page.get', outcome: 'not_found' }, 0.05],
  [{ subject: 'content.space.get', outcome: 'ok' }, 3],
  [{ subject: 'content.space.get', outcome: 'forbidden' }, 0.001],
  [{ subject: 'content.page.get', outcome: 'not_found' }, 0.2],
];

/** prom-client's histogram and a RequestHistogram, each in a registry of its own, fed the same observations. */
function both(): { theirs: Registry; ours: Registry; histogram: RequestHistogram<'subject' | 'outcome'> } {
  const theirs = new Registry();
  const ours = new Registry();
  for (const registry of [theirs, ours]) registry.setDefaultLabels({ service: 'content' });
  const config = { name: 'test_duration_seconds', help: 'a test histogram', labelNames: ['subject', 'outcome'] as const, buckets: BUCKETS };
  const reference = new Histogram({ ...config, registers: [theirs] });
  const histogram = new RequestHistogram({ ...config, registers: [ours] });
  for (const [labels, value] of OBSERVED) {
    reference.observe(labels, value);
    histogram.observe(labels, value);
  }
  return { theirs, ours, histogram };
}

/** Prometheus text as a set of lines: the order of series is not part of the format. */
const lines = (text: string): string[] => text.split('\n').sort();

describe('RequestHistogram (the per-request timings)', () => {
  it("answers the samples prom-client's histogram answers for the same observations, as text and as data", async () => {
    const { theirs, ours } = both();
    expect(lines(await ours.metrics())).toEqual(lines(await theirs.metrics()));
    const sortByLine = (json: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
      json.map((metric) => ({ ...metric, values: [...metric.values].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))) }));
    // prom-client adds `exemplar: null` to its bucket samples (exemplars are off): the same samples otherwise.
    const withoutExemplars = (json: Awaited<ReturnType<Registry['getMetricsAsJSON']>>) =>
      JSON.parse(JSON.stringify(json, (key, value: unknown) => (key === 'exemplar' ? undefined : value))) as typeof json;
    expect(sortByLine(await ours.getMetricsAsJSON())).toEqual(sortByLine(withoutExemplars(await theirs.getMetricsAsJSON())));
  });

  it('counts a value on a bound in that bucket and one above every bound in +Inf only', async () => {
    const { histogram } = both();
    const { values } = await histogram.get();
    const bucket = (le: number | string) =>
      values.find((v) => v.metricName === 'test_duration_seconds_bucket' && v.labels.le === le && v.labels.outcome === 'ok')?.value;
    expect([bucket(0.001), bucket(0.01), bucket(0.1), bucket(1), bucket('+Inf')]).toEqual([1, 2, 2, 2, 3]);
  });

  it('refuses a value that is not a number, as prom-client does, and forgets every series on reset', async () => {
    const { histogram } = both();
    expect(() => histogram.observe({ subject: 's', outcome: 'ok' }, Number.NaN)).toThrow(TypeError);
    histogram.reset();
    expect((await histogram.get()).values).toEqual([]);
  });
});
