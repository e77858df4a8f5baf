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
