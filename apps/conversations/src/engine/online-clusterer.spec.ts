import { centroidSimilarity, type ClustererOptions, cosine, OnlineClusterer } from './online-clusterer';

const unit = (...xs: number[]): Float32Array => {
  const n = Math.hypot(...xs);
  return Float32Array.from(xs.map((x) => x / n));
};

/** A fixed join threshold and unbounded merges unless a test asks otherwise. */
const options = (threshold: number, mergeThreshold: number, more: Partial<ClustererOptions> = {}): ClustererOptions => ({
  threshold,
  mergeThreshold,
  sizePenalty: 0,
  maxMergeRatio: Infinity,
  straySize: 0,
  strayMergeThreshold: 1,
  strayPenalty: 0,
  strayShareCap: 1,
  growthPenalty: 0,
  linkage: 0,
  refinePasses: 0,
  ...more,
});

describe('OnlineClusterer', () => {
  it('joins the nearest cluster at or above the threshold and opens a new one below it', () => {
    const clusterer = new OnlineClusterer(2, options(0.9, 0.99));
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
    const clusterer = new OnlineClusterer(2, options(0.5, 0.99));
    const { cluster } = clusterer.assign(unit(1, 0));
    clusterer.assign(unit(0.6, 0.8));
    expect(cluster.count).toBe(2);
    // The sum (1.6, 0.8) points between the two members.
    expect(centroidSimilarity(cluster, unit(1.6, 0.8))).toBeCloseTo(1, 5);
    expect(centroidSimilarity(cluster, unit(1, 0))).toBeCloseTo(centroidSimilarity(cluster, unit(0.6, 0.8)), 5);
  });

  it('keeps ids stable as clusters grow, and picks the closest of several clusters', () => {
    const clusterer = new OnlineClusterer(3, options(0.7, 0.99));
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
    const clusterer = new OnlineClusterer(2, options(0.95, 0.85));
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
    const clusterer = new OnlineClusterer(2, options(0.9, 0.99));
    clusterer.load([{ id: 'old', sum: unit(1, 0), count: 3, seq: 7 }]);
    expect(clusterer.assign(unit(1, 0.01)).cluster.id).toBe('old');
    expect(clusterer.assign(unit(0, 1)).cluster.seq).toBe(8);
  });

  it('asks more of large clusters: a big centroid drifts to the centre of its domain', () => {
    const clusterer = new OnlineClusterer(2, options(0.6, 0.9, { sizePenalty: 0.02 }));
    expect(clusterer.joinThreshold(1)).toBeCloseTo(0.6, 10);
    expect(clusterer.joinThreshold(100)).toBeCloseTo(0.6 + 0.02 * Math.log(100), 10);
    // A vector at cos 0.62 joins a single member but opens a cluster next to a large one.
    const single = clusterer.assign(unit(1, 0)).cluster;
    expect(clusterer.assign(unit(0.62, Math.sqrt(1 - 0.62 ** 2))).cluster.id).toBe(single.id);
    const large = new OnlineClusterer(2, options(0.6, 0.9, { sizePenalty: 0.02 }));
    const big = large.assign(unit(1, 0)).cluster;
    for (let i = 0; i < 200; i++) large.assign(unit(1, 0));
    expect(large.assign(unit(0.62, Math.sqrt(1 - 0.62 ** 2))).cluster.id).not.toBe(big.id);
  });

  describe('merges (no chaining)', () => {
    /** Two topics 90° apart, 30 members each, then near-duplicates stepping from one to the other. */
    function chain(clusterer: OnlineClusterer): { a: string; b: string } {
      const at = (degrees: number): Float32Array => unit(Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180));
      const a = clusterer.assign(at(0)).cluster.id;
      const b = clusterer.assign(at(90)).cluster.id;
      for (let i = 0; i < 29; i++) {
        clusterer.assign(at(0));
        clusterer.assign(at(90));
      }
      // Each step is a near-duplicate of the previous one (cos 0.9986); 4 copies of each.
      for (let degrees = 3; degrees < 90; degrees += 3) {
        for (let copy = 0; copy < 4; copy++) clusterer.assign(at(degrees));
        clusterer.mergeAround(clusterer.all().map((c) => c.id));
      }
      clusterer.merge();
      return { a, b };
    }

    it('a chain of near-duplicates across two topics does not merge them', () => {
      const clusterer = new OnlineClusterer(2, options(0.97, 0.8, { sizePenalty: 0.02, maxMergeRatio: 4 }));
      const { a, b } = chain(clusterer);
      const survivor = (id: string): string | undefined => clusterer.get(id)?.id;
      expect(survivor(a)).toBe(a);
      expect(survivor(b)).toBe(b);
      expect(cosine(clusterer.get(a)!.sum, clusterer.get(b)!.sum)).toBeLessThan(0.8);
    });

    it('a chain of near-duplicates across two topics does not merge them under average linkage either', () => {
      const clusterer = new OnlineClusterer(2, options(0.97, 0.8, { linkage: 1, maxMergeRatio: 4 }));
      const { a, b } = chain(clusterer);
      expect(clusterer.get(a)?.id).toBe(a);
      expect(clusterer.get(b)?.id).toBe(b);
      expect(clusterer.clusterSimilarity(clusterer.get(a)!, clusterer.get(b)!)).toBeLessThan(0.8);
    });

    it('a cluster does not absorb one many times its size, however close one member looks', () => {
      const clusterer = new OnlineClusterer(2, options(0.99, 0.8, { maxMergeRatio: 4 }));
      const small = clusterer.assign(unit(1, 0.3)).cluster;
      const big = clusterer.assign(unit(1, 0)).cluster;
      for (let i = 0; i < 20; i++) clusterer.assign(unit(1, 0));
      expect(cosine(small.sum, big.sum)).toBeGreaterThan(0.95);
      expect(clusterer.mergeAround([small.id, big.id])).toEqual([]);
      expect(clusterer.merge()).toEqual([]);
    });
  });

  it('cosine is 0 for a zero vector', () => {
    expect(cosine(new Float32Array(2), unit(1, 0))).toBe(0);
  });

  describe('strays', () => {
    const strayOptions = options(0.99, 0.99, { maxMergeRatio: 4, straySize: 1, strayMergeThreshold: 0.9 });

    it('folds a stray into a settled cluster many times its size when their centroids are close', () => {
      const clusterer = new OnlineClusterer(2, strayOptions);
      const settled = clusterer.assign(unit(1, 0)).cluster;
      for (let i = 0; i < 9; i++) clusterer.assign(unit(1, 0));
      const stray = clusterer.assign(unit(1, 0.2)).cluster;
      expect(stray.id).not.toBe(settled.id);
      expect(clusterer.mergeAround([stray.id])).toEqual([{ from: stray.id, into: settled.id }]);
      expect(clusterer.get(settled.id)?.count).toBe(11);
    });

    it('leaves a stray alone when no centroid is close enough', () => {
      const clusterer = new OnlineClusterer(2, strayOptions);
      const settled = clusterer.assign(unit(1, 0)).cluster;
      for (let i = 0; i < 9; i++) clusterer.assign(unit(1, 0));
      const stray = clusterer.assign(unit(1, 1)).cluster;
      expect(clusterer.mergeAround([stray.id, settled.id])).toEqual([]);
    });

    it('does not let a chain of near-duplicates between two settled topics merge them', () => {
      const clusterer = new OnlineClusterer(2, strayOptions);
      const a = clusterer.assign(unit(1, 0)).cluster;
      for (let i = 0; i < 9; i++) clusterer.assign(unit(1, 0));
      const b = clusterer.assign(unit(1, 1)).cluster;
      for (let i = 0; i < 9; i++) clusterer.assign(unit(1, 1));
      // A stray halfway between the topics folds into one of them; the two topics stay apart.
      const stray = clusterer.assign(unit(1, 0.45)).cluster;
      const merges = clusterer.mergeAround([stray.id, a.id, b.id]);
      expect(merges).toHaveLength(1);
      expect(merges[0].from).toBe(stray.id);
      expect(clusterer.get(a.id)).toBeDefined();
      expect(clusterer.get(b.id)).toBeDefined();
    });

    it('folds no stray into a cluster that already holds its share cap of all the issues placed', () => {
      // The settled cluster holds 10 of 12 issues (83 %): at a cap of 50 % it takes no stray.
      const capped = new OnlineClusterer(2, { ...strayOptions, strayShareCap: 0.5 });
      const settled = capped.assign(unit(1, 0)).cluster;
      for (let i = 0; i < 9; i++) capped.assign(unit(1, 0));
      capped.assign(unit(0, 1));
      const stray = capped.assign(unit(1, 0.2)).cluster;
      expect(capped.mergeAround([stray.id])).toEqual([]);
      expect(capped.get(settled.id)?.count).toBe(10);
    });
  });

  describe('growth-aware joins', () => {
    /** One cluster of 100 along x and 400 clusters of 5 along z: the typical size (Σn²/Σn) is about 9.5. */
    const organization = (growthPenalty: number): OnlineClusterer => {
      const clusterer = new OnlineClusterer(3, options(0.5, 1, { growthPenalty }));
      clusterer.load([
        { id: 'broad', sum: Float32Array.from([100, 0, 0]), count: 100, seq: 0 },
        ...Array.from({ length: 400 }, (_, i) => ({ id: `small-${i}`, sum: Float32Array.from([0, 0, 5]), count: 5, seq: i + 1 })),
      ]);
      return clusterer;
    };

    it('asks more of a cluster far larger than the typical one, by the log of how many times larger', () => {
      const clusterer = organization(0.1);
      expect(clusterer.joinThreshold(5)).toBeCloseTo(0.5);
      expect(clusterer.joinThreshold(100)).toBeCloseTo(0.5 + 0.1 * Math.log(100 / (20_000 / 2100)));
    });

    it('keeps a question at a middling similarity out of the broad cluster, which it joins without the rule', () => {
      const question = unit(0.6, 0.8, 0); // cosine 0.6 to the broad cluster, above the plain threshold 0.5
      expect(organization(0).assign(question).cluster.id).toBe('broad');
      const placed = organization(0.1).assign(question);
      expect(placed.created).toBe(true);
    });
  });

  describe('growth-aware merges', () => {
    /** Two clusters of 60 whose centroids are at cos 0.9, among 400 clusters of 5: typical size about 8. */
    const organization = (growthPenalty: number): OnlineClusterer => {
      const clusterer = new OnlineClusterer(3, options(0.5, 0.8, { growthPenalty, maxMergeRatio: 4 }));
      clusterer.load([
        { id: 'a', sum: Float32Array.from([60, 0, 0]), count: 60, seq: 0 },
        { id: 'b', sum: Float32Array.from([54, 60 * Math.sqrt(1 - 0.81), 0]), count: 60, seq: 1 },
        ...Array.from({ length: 400 }, (_, i) => ({ id: `small-${i}`, sum: Float32Array.from([0, 0, 5]), count: 5, seq: i + 2 })),
      ]);
      return clusterer;
    };

    it('keeps two clusters apart when their merge would be far larger than the typical cluster', () => {
      expect(organization(0).mergeAround(['b'])).toEqual([{ from: 'b', into: 'a' }]);
      // 0.8 + 0.1 · ln(120 / 8.1) ≈ 1.07: out of reach.
      expect(organization(0.1).mergeAround(['b'])).toEqual([]);
    });
  });

  describe('re-assignment', () => {
    const at = (degrees: number): Float32Array => unit(Math.cos((degrees * Math.PI) / 180), Math.sin((degrees * Math.PI) / 180));

    it('moves a member placed before a closer cluster opened to that cluster', () => {
      // Joining asks cos 0.95 (about 18°).
      const clusterer = new OnlineClusterer(2, options(0.95, 1));
      const a = clusterer.assign(at(0)).cluster;
      const early = at(17);
      expect(clusterer.assign(early).cluster.id).toBe(a.id);
      // 21.5° from a's centroid (at 8.5°): opens b, which three more questions at 30° join.
      const b = clusterer.assign(at(30)).cluster;
      expect(b.id).not.toBe(a.id);
      for (let i = 0; i < 3; i++) expect(clusterer.assign(at(30)).cluster.id).toBe(b.id);
      // Without it, a sits at 0° (17° away) and b at 30° (13° away).
      expect(clusterer.reassign(early, a)?.id).toBe(b.id);
      expect(clusterer.get(a.id)!.count).toBe(1);
      expect(clusterer.get(b.id)!.count).toBe(5);
      expect(centroidSimilarity(clusterer.get(a.id)!, at(0))).toBeCloseTo(1, 5);
      // A member already in its best cluster stays.
      expect(clusterer.reassign(at(30), b)).toBeUndefined();
      expect(clusterer.get(b.id)!.count).toBe(5);
      expect(clusterer.total()).toBe(6);
    });

    it('removes a cluster its only member leaves, and never opens one', () => {
      const clusterer = new OnlineClusterer(2, options(0.95, 1));
      const alone = at(10);
      const first = clusterer.assign(alone).cluster;
      // 20° from the first: a cluster of its own, whose centroid the next questions pull to about 24°.
      const b = clusterer.assign(at(30)).cluster;
      for (let i = 0; i < 3; i++) expect(clusterer.assign(at(22)).cluster.id).toBe(b.id);
      expect(clusterer.reassign(alone, first)?.id).toBe(b.id);
      expect(clusterer.get(first.id)).toBeUndefined();
      expect(clusterer.size).toBe(1);
      // Far from every cluster: it stays where it is rather than opening a new one.
      const far = clusterer.assign(at(90)).cluster;
      expect(clusterer.reassign(at(90), far)).toBeUndefined();
      expect(clusterer.get(far.id)!.count).toBe(1);
    });
  });

  describe('average linkage (linkage 1)', () => {
    /** Two members at right angles: a broad cluster whose centroid sits between topics it does not hold. */
    const broad = { id: 'broad', sum: Float32Array.from([1, 1, 0]), count: 2, seq: 0 };
    /** Between the two members: cosine 0.98 to the centroid, 0.69 to each member. */
    const between = unit(1, 1, 0.3);

    it('compares a question with the members on average, so a broad centroid does not attract it', () => {
      const byCentroid = new OnlineClusterer(3, options(0.8, 1));
      byCentroid.load([{ ...broad, sum: Float32Array.from(broad.sum) }]);
      expect(byCentroid.assign(between).cluster.id).toBe('broad');
      const byMembers = new OnlineClusterer(3, options(0.8, 1, { linkage: 1 }));
      byMembers.load([{ ...broad, sum: Float32Array.from(broad.sum) }]);
      const placed = byMembers.assign(between);
      expect(placed.created).toBe(true);
      // The similarity reported (for the label) is still the cosine to the centroid.
      expect(byMembers.nearest(between).similarity).toBeGreaterThan(0.95);
    });

    it('expects the same of a question whatever the size of a tight cluster', () => {
      const clusterer = new OnlineClusterer(2, options(0.9, 1, { linkage: 1 }));
      const tight = clusterer.assign(unit(1, 0)).cluster;
      for (let i = 0; i < 99; i++) clusterer.assign(unit(1, 0));
      // Mean cosine to identical members is the cosine to any of them.
      expect(clusterer.assign(unit(1, 0.4)).cluster.id).toBe(tight.id);
    });

    it('merges two clusters whose members are alike, not two broad ones whose centroids coincide', () => {
      const clusterer = new OnlineClusterer(3, options(1, 0.8, { linkage: 1 }));
      clusterer.load([
        { id: 'x', sum: Float32Array.from([4, 0, 0]), count: 4, seq: 0 },
        { id: 'x2', sum: Float32Array.from([3.9, 0.3, 0]), count: 4, seq: 1 },
        { id: 'broad-a', sum: Float32Array.from([0, 2, 2]), count: 4, seq: 2 },
        { id: 'broad-b', sum: Float32Array.from([0, 2, 2]), count: 4, seq: 3 },
      ]);
      // broad-a and broad-b: centroid cosine 1, but members' mean cosine 0.5.
      expect(cosine(clusterer.get('broad-a')!.sum, clusterer.get('broad-b')!.sum)).toBeCloseTo(1);
      expect(clusterer.merge()).toEqual([{ from: 'x2', into: 'x' }]);
    });
  });
});
