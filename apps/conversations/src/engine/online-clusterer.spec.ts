import { centroidSimilarity, cosine, OnlineClusterer } from './online-clusterer';

const unit = (...xs: number[]): Float32Array => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};

describe('OnlineClusterer', () => {
  it('joins the nearest cluster at or above the threshold and opens a new one below it', () => {
    const clusterer = new OnlineClusterer(2, { threshold: 0.9, mergeThreshold: 0.99 });
    const a = clusterer.assign(unit(1, 0));
    expect(a.created).toBe(true);
    const near = clusterer.assign(unit(1, 0.1));
    expect(near).toMatchObject({ created: false, cluster: { id: a.cluster.id } });
    expect(near.similarity).toBeGreaterThan(0.9);
    const far = clusterer.assign(unit(0, 1));
    expect(far.created).toBe(true);
    expect(far.cluster.id).not.toBe(a.cluster.id);
    expect(clusterer.size).toBe(2);
  });

  it('moves the centroid to the mean direction of its members', () => {
    const clusterer = new OnlineClusterer(2, { threshold: 0.5, mergeThreshold: 0.99 });
    const { cluster } = clusterer.assign(unit(1, 0));
    clusterer.assign(unit(0.6, 0.8));
    expect(cluster.count).toBe(2);
    // The sum (1.6, 0.8) points between the two members.
    expect(centroidSimilarity(cluster, unit(1.6, 0.8))).toBeCloseTo(1, 5);
    expect(centroidSimilarity(cluster, unit(1, 0))).toBeCloseTo(centroidSimilarity(cluster, unit(0.6, 0.8)), 5);
  });

  it('keeps ids stable as clusters grow, and picks the closest of several clusters', () => {
    const clusterer = new OnlineClusterer(3, { threshold: 0.7, mergeThreshold: 0.99 });
    const x = clusterer.assign(unit(1, 0, 0)).cluster.id;
    const y = clusterer.assign(unit(0, 1, 0)).cluster.id;
    for (let i = 0; i < 50; i++) {
      expect(clusterer.assign(unit(1, 0.05 * (i % 3), 0)).cluster.id).toBe(x);
      expect(clusterer.assign(unit(0.05 * (i % 3), 1, 0.1)).cluster.id).toBe(y);
    }
    expect(clusterer.get(x)!.count).toBe(51);
    expect(clusterer.size).toBe(2);
  });

  it('merges converged clusters into the older one and reports the pair (for the alias)', () => {
    const clusterer = new OnlineClusterer(2, { threshold: 0.95, mergeThreshold: 0.85 });
    const older = clusterer.assign(unit(1, 0)).cluster;
    // cos 0.894: below what joining a one-member cluster asks (0.95² = 0.9025), above the merge threshold.
    const younger = clusterer.assign(unit(1, 0.5)).cluster;
    expect(younger.id).not.toBe(older.id);
    const merges = clusterer.mergeAround([younger.id]);
    expect(merges).toEqual([{ from: younger.id, into: older.id }]);
    expect(clusterer.get(younger.id)).toBeUndefined();
    expect(clusterer.get(older.id)!.count).toBe(2);
    // Unrelated clusters are left alone.
    clusterer.assign(unit(0, 1));
    expect(clusterer.mergeAround(clusterer.all().map((c) => c.id))).toEqual([]);
  });

  it('continues from loaded state: sequence numbers keep growing, so age order survives a restart', () => {
    const clusterer = new OnlineClusterer(2, { threshold: 0.9, mergeThreshold: 0.99 });
    clusterer.load([{ id: 'old', sum: unit(1, 0), count: 3, seq: 7 }]);
    expect(clusterer.assign(unit(1, 0.01)).cluster.id).toBe('old');
    expect(clusterer.assign(unit(0, 1)).cluster.seq).toBe(8);
  });

  it('asks less of small clusters: the expected similarity to a centroid of n members of one topic', () => {
    const clusterer = new OnlineClusterer(2, { threshold: 0.6, mergeThreshold: 0.9 });
    expect(clusterer.joinThreshold(1)).toBeCloseTo(0.36, 10);
    const thresholds = [1, 2, 4, 16, 256, 100_000].map((n) => clusterer.joinThreshold(n));
    for (let i = 1; i < thresholds.length; i++) expect(thresholds[i]).toBeGreaterThan(thresholds[i - 1] - 1e-12);
    expect(thresholds[thresholds.length - 1]).toBeCloseTo(0.6, 2);
    // A vector at cos 0.5 opens a cluster next to a large one but joins a single member.
    const big = clusterer.assign(unit(1, 0)).cluster;
    for (let i = 0; i < 2000; i++) clusterer.assign(unit(1, 0));
    expect(clusterer.assign(unit(0.5, Math.sqrt(0.75))).cluster.id).not.toBe(big.id);
    const small = new OnlineClusterer(2, { threshold: 0.6, mergeThreshold: 0.9 });
    const single = small.assign(unit(1, 0)).cluster;
    expect(small.assign(unit(0.5, Math.sqrt(0.75))).cluster.id).toBe(single.id);
  });

  it('cosine is 0 for a zero vector', () => {
    expect(cosine(new Float32Array(2), unit(1, 0))).toBe(0);
  });
});
