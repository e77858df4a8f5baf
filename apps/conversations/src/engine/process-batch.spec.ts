import { Featurizer } from './featurizer';
import { DEFAULT_CLUSTERER } from './online-clusterer';
import { OrganizationClusters, type PendingConversation, pulseWeeks, weekOf } from './process-batch';
import { sharedWordVectors } from './word-vectors';

const featurizer = new Featurizer(sharedWordVectors());
let n = 0;
const ids = () => `id${++n}`;
const conversation = (
  id: string,
  question: string,
  createdAt = new Date('2026-11-18T10:00:00Z'),
  source = 'email',
): PendingConversation => ({
  id,
  source,
  parts: [
    { role: 'user', body: question },
    { role: 'assistant', body: 'Here you go.' },
  ],
  createdAt,
  ingestedAt: createdAt,
});

describe('OrganizationClusters.process', () => {
  it('clusters similar questions together, unrelated ones apart, and keeps running counts of issues, conversations and sources', () => {
    const clusters = new OrganizationClusters(featurizer.dims, DEFAULT_CLUSTERER, ids);
    const now = new Date('2026-11-20T00:00:00Z');
    const result = clusters.process(
      [
        conversation('a', 'How do I get a refund for my subscription?'),
        conversation('b', 'Can I get a refund on my subscription?', new Date('2026-11-10T00:00:00Z'), 'integration:zendesk:x'),
        conversation('c', 'What is the weather like in Paris tomorrow?'),
        { ...conversation('d', ''), parts: [{ role: 'assistant', body: 'Anything else?' }] },
      ],
      featurizer,
      ids,
      now,
    );
    const [a, b, c] = result.issues;
    expect(a.clusterId).toBe(b.clusterId);
    expect(c.clusterId).not.toBe(a.clusterId);
    expect(result.skipped.get('d')).toBe('no user message');
    const refund = clusters.record(a.clusterId!)!;
    expect(refund).toMatchObject({ count: 2, conversations: 2, sources: { email: 1, 'integration:zendesk:x': 1 } });
    expect(result.touched.map((t) => t.id).sort()).toEqual([a.clusterId, c.clusterId].sort());
  });
});

describe('OrganizationClusters.process with re-assignment', () => {
  const at = (degrees: number): Float32Array => {
    const radians = (degrees * Math.PI) / 180;
    return Float32Array.from([Math.cos(radians), Math.sin(radians)]);
  };
  /** Each question's vector by its first word: an angle in degrees (join threshold: about 18°). */
  const vectorize = (text: string): Float32Array => at(Number(/\d+/.exec(text)![0]));
  const run = (refinePasses: number) => {
    const clusters = new OrganizationClusters(
      2,
      { ...DEFAULT_CLUSTERER, threshold: 0.95, sizePenalty: 0, mergeThreshold: 1.1, refinePasses },
      ids,
    );
    // No merges (threshold above 1). 10° opens a cluster; 30° is 20° away and opens another, which the 22° questions join.
    const batch = ['10', '30', '22', '22', '22'].map((angle, i) => conversation(`q${i}`, `Question ${angle} about the invoice?`));
    return { clusters, result: clusters.process(batch, featurizer, ids, new Date('2026-11-20T00:00:00Z'), vectorize) };
  };

  it('moves a batch issue to the cluster it fits best once the batch is placed, and drops the cluster it emptied', () => {
    const before = run(0).result;
    expect(new Set(before.issues.map((i) => i.clusterId)).size).toBe(2);
    const { clusters, result } = run(1);
    const [first, ...rest] = result.issues;
    expect(rest.every((i) => i.clusterId === first.clusterId)).toBe(true);
    expect(result.touched.map((c) => c.id)).toEqual([first.clusterId]);
    expect(clusters.size).toBe(1);
    expect(clusters.record(first.clusterId!)).toMatchObject({ count: 5, sources: { email: 5 } });
  });
});

describe('weeks', () => {
  it('buckets by the Monday of the UTC week and lists 13 weeks ending with the current one', () => {
    expect(weekOf(new Date('2026-11-22T23:59:59Z'))).toBe('2026-11-16');
    expect(weekOf(new Date('2026-11-23T00:00:00Z'))).toBe('2026-11-23');
    const weeks = pulseWeeks(new Date('2026-11-23T12:00:00Z'));
    expect(weeks).toHaveLength(13);
    expect(weeks[12]).toBe('2026-11-23');
    expect(weeks[0]).toBe('2026-08-31');
  });
});
