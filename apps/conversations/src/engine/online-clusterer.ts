/**
 * Online centroid clustering, framework-free. Each new vector joins the cluster whose centroid is
 * the most similar (cosine) when that similarity reaches `threshold`, or opens a new cluster. A
 * cluster keeps the sum of its members' unit vectors; its centroid is that sum normalised, so an
 * update is O(dims) and a cluster's id never changes as it grows. Nothing is re-clustered: the cost
 * of an assignment is one pass over the clusters (bounded by `maxClusters`, see `assign`).
 * `merge` (maintenance) folds clusters whose centroids converged into the older one and reports
 * the pairs, so the caller can record the old id as an alias of the surviving one.
 */
export interface ClusterState {
  id: string;
  /** Sum of the members' unit vectors. */
  sum: Float32Array;
  count: number;
  /** Creation order (older clusters survive merges); any increasing number. */
  seq: number;
  /** Cached length of `sum` (kept by the clusterer; computed when absent). */
  norm?: number;
}

export interface ClustererOptions {
  /** Minimum cosine to the centroid of a one-member cluster to join it. */
  threshold: number;
  /**
   * What each e-fold of a cluster's size adds to the cosine needed to join it (and to merge into
   * it): a large cluster's centroid drifts towards the centre of its whole domain, where it is
   * close to every question of the domain; asking more of it keeps it from swallowing its
   * neighbours (one "food" cluster instead of "calories", "recipe", "cook time").
   */
  sizePenalty: number;
  /** Minimum cosine between two centroids for maintenance to merge them (plus the size penalty). */
  mergeThreshold: number;
  /**
   * A merge joins clusters of comparable sizes only: the larger may hold at most this many times
   * the members of the smaller, so a cluster never absorbs one many times its size because a few
   * members look alike (chaining).
   */
  maxMergeRatio: number;
  /**
   * A cluster of at most this many members is a stray (a question that arrived before its
   * cluster's centroid settled, or phrased a little apart): it may fold into a cluster of any size
   * whose centroid is `strayMergeThreshold` close. Too few members to chain two topics together.
   */
  straySize: number;
  /** Minimum cosine between a stray's centroid and another cluster's to fold it in (plus `strayPenalty`). */
  strayMergeThreshold: number;
  /**
   * What each e-fold of the receiving cluster's size adds to `strayMergeThreshold`: steeper than
   * `sizePenalty`, so strays do not pile into the broad cluster at the centre of a domain.
   */
  strayPenalty: number;
  /**
   * A cluster holding at least this share of all the issues placed so far takes no more strays:
   * it is already broad (a domain's centre attracts the strays of every neighbouring intent), and
   * folding strays into it is how one cluster grows to several intents' worth.
   */
  strayShareCap: number;
  /**
   * Growth-aware joins: what each e-fold of a cluster's size beyond the typical cluster's size
   * (the size-weighted mean of the sizes so far, Σn²/Σn: the size of the cluster an issue sits in
   * on average) adds to the cosine needed to join it, and to merge two clusters into one of that
   * size. 0: off.
   */
  growthPenalty: number;
  /**
   * What a vector is compared with, between 0 and 1. 0: the cosine to the cluster's centroid. 1:
   * its mean cosine to the cluster's members (x·sum / count; average linkage). The cosine to the
   * centroid divides that mean by the cluster's cohesion (|sum| / count, the root of its members'
   * mean pairwise cosine): a broad cluster, whose members barely resemble one another, gets the
   * largest boost, so it takes in everything near its domain's centre and keeps growing. The mean
   * cosine expects the same value of a question from a cluster of any size (the intent's own
   * pairwise similarity), so one threshold fits clusters of every size, and a cluster that
   * spans several intents (low cohesion) stops attracting questions by itself. In between, the
   * denominator is |sum|^(1−linkage) · count^linkage. Merges compare two clusters the same way
   * (sumA·sumB over the product of those denominators).
   */
  linkage: number;
  /**
   * Passes of re-assignment over a batch's new issues once they are all placed (0: off). Each
   * issue leaves its cluster and goes to the cluster it fits best now (never to a new one): an
   * issue placed before its cluster's centre settled (early in a batch, or before a closer cluster
   * opened) moves to where it belongs. Only the batch's own issues move, before anything is stored,
   * so no stored issue changes cluster and ids stay as they are.
   */
  refinePasses: number;
}

/**
 * Chosen by `pnpm bench conversations-quality` on the worse of CLINC150 and HWU64 (session 10, three
 * orders, with `lexicalWeight` 0.28): worse of the two ARI 0.376 / AMI 0.622 (HWU64), the largest
 * cluster at most 89 % of its limit on both. `lexicalWeight` 0.25 scores 0.375 / 0.624 but puts a
 * password question in a two-member refund cluster (the conversations-api e2e test). Re-assignment (`refinePasses`) and the growth-aware rule (`growthPenalty`, joins
 * and merges) are what made a lower threshold possible: without them, threshold 0.36 lets CLINC150's
 * credit-card cluster grow past its limit. Measured and left off: per-organization SIF weights of
 * the word vectors (a / (a + p(w)) with p from the organization's own counts) split intents (HWU64
 * AMI 0.602 at a matching cluster count, even with the whole corpus's counts); `linkage` 0.5 with
 * `lexicalWeight` 0.4 (session 9: 0.366 / 0.615, CLINC150's largest cluster over its limit).
 */
export const DEFAULT_CLUSTERER: ClustererOptions = {
  threshold: 0.36,
  sizePenalty: 0.02,
  mergeThreshold: 0.8,
  maxMergeRatio: 4,
  straySize: 0,
  strayMergeThreshold: 0.6,
  strayPenalty: 0.02,
  strayShareCap: 0.01,
  growthPenalty: 0.02,
  linkage: 0,
  refinePasses: 6,
};

export interface Assignment {
  cluster: ClusterState;
  created: boolean;
  similarity: number;
}

export interface Merge {
  /** The cluster that disappears; its id becomes an alias of `into`. */
  from: string;
  into: string;
}

export class OnlineClusterer {
  private readonly clusters = new Map<string, ClusterState>();
  private nextSeq = 0;
  /** Σ count and Σ count² over the clusters (the typical size of the growth-aware join). */
  private members = 0;
  private membersSquared = 0;

  constructor(
    readonly dims: number,
    readonly options: ClustererOptions = DEFAULT_CLUSTERER,
    private readonly newId: () => string = sequentialIds(),
  ) {}

  get size(): number {
    return this.clusters.size;
  }

  all(): ClusterState[] {
    return [...this.clusters.values()];
  }

  get(id: string): ClusterState | undefined {
    return this.clusters.get(id);
  }

  /** Adds clusters loaded from storage. */
  load(states: ClusterState[]): void {
    for (const state of states) {
      this.clusters.set(state.id, state);
      this.nextSeq = Math.max(this.nextSeq, state.seq + 1);
    }
    this.recountSizes();
  }

  /** Recomputes Σn and Σn² from the clusters (after their counts were set from outside). */
  recountSizes(): void {
    this.members = 0;
    this.membersSquared = 0;
    for (const cluster of this.clusters.values()) {
      this.members += cluster.count;
      this.membersSquared += cluster.count * cluster.count;
    }
  }

  /**
   * The cluster the vector fits best (the highest similarity above its size's join threshold) and
   * that similarity, without changing anything.
   */
  nearest(vector: Float32Array): { cluster?: ClusterState; similarity: number; margin: number } {
    let best: ClusterState | undefined;
    let bestSimilarity = -Infinity;
    let bestMargin = -Infinity;
    // Feature vectors are mostly zeros (a few hashed terms, then the dense semantic part): the dot
    // product with each centroid only visits the query's non-zero dimensions.
    const nonZero: number[] = [];
    for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) nonZero.push(i);
    const indices = Int32Array.from(nonZero);
    const values = Float32Array.from(nonZero, (i) => vector[i]);
    for (const cluster of this.clusters.values()) {
      const sum = cluster.sum;
      let dot = 0;
      for (let k = 0; k < indices.length; k++) dot += sum[indices[k]] * values[k];
      const norm = (cluster.norm ??= length(sum));
      const scale = this.scale(cluster);
      const margin = (scale === 0 ? 0 : dot / scale) - this.joinThreshold(cluster.count);
      if (margin > bestMargin) {
        bestMargin = margin;
        bestSimilarity = norm === 0 ? 0 : dot / norm;
        best = cluster;
      }
    }
    return { cluster: best, similarity: bestSimilarity, margin: bestMargin };
  }

  /** What a dot product with the cluster's sum is divided by (see `linkage`). */
  private scale(cluster: ClusterState): number {
    const norm = (cluster.norm ??= length(cluster.sum));
    const { linkage } = this.options;
    if (!linkage) return norm;
    return norm ** (1 - linkage) * cluster.count ** linkage;
  }

  /** How alike two clusters are (see `linkage`): the cosine of their centroids, or their members' mean cosine. */
  clusterSimilarity(a: ClusterState, b: ClusterState): number {
    let dot = 0;
    for (let i = 0; i < a.sum.length; i++) dot += a.sum[i] * b.sum[i];
    const scale = this.scale(a) * this.scale(b);
    return scale === 0 ? 0 : dot / scale;
  }

  /** Issues placed in all the clusters. */
  total(): number {
    let total = 0;
    for (const cluster of this.clusters.values()) total += cluster.count;
    return total;
  }

  /** The cosine a vector needs to join a cluster of `n` members (see `sizePenalty`). */
  joinThreshold(n: number): number {
    return this.options.threshold + this.options.sizePenalty * Math.log(Math.max(n, 1)) + this.growthExtra(n);
  }

  /** What the growth-aware rule adds to the cosine needed to join (or fold a stray into) a cluster of `n`. */
  growthExtra(n: number): number {
    if (this.options.growthPenalty === 0 || this.members === 0) return 0;
    const typical = this.membersSquared / this.members;
    return this.options.growthPenalty * Math.log(Math.max(n / typical, 1));
  }

  /**
   * Whether two clusters may merge: their centroids (never one pair of members) are at least
   * `mergeThreshold` close, plus the size penalty of the merged cluster, and neither is more than
   * `maxMergeRatio` times the other.
   */
  canMerge(a: ClusterState, b: ClusterState, similarity: number, total = this.total()): boolean {
    const [small, large] = a.count <= b.count ? [a.count, b.count] : [b.count, a.count];
    if (small <= this.options.straySize)
      return (
        large < this.options.strayShareCap * total &&
        similarity >= this.options.strayMergeThreshold + this.options.strayPenalty * Math.log(large) + this.growthExtra(large)
      );
    if (large > this.options.maxMergeRatio * small) return false;
    // The merged cluster meets the growth-aware rule too: a broad cluster grows by merging as well as by joins.
    return similarity >= this.options.mergeThreshold + this.options.sizePenalty * Math.log(small + large) + this.growthExtra(small + large);
  }

  /** Places a unit vector: joins the nearest cluster at or above the threshold, else opens one. */
  assign(vector: Float32Array): Assignment {
    const { cluster, similarity, margin } = this.nearest(vector);
    if (cluster && margin >= 0) {
      addInto(cluster.sum, vector);
      cluster.norm = length(cluster.sum);
      this.members += 1;
      this.membersSquared += 2 * cluster.count + 1;
      cluster.count++;
      return { cluster, created: false, similarity };
    }
    const created: ClusterState = { id: this.newId(), sum: Float32Array.from(vector), count: 1, seq: this.nextSeq++ };
    this.clusters.set(created.id, created);
    this.members += 1;
    this.membersSquared += 1;
    return { cluster: created, created: true, similarity };
  }

  /**
   * Takes the unit vector (one of `from`'s members) out of `from` and places it in the cluster it
   * fits best without it; it stays in `from` when no cluster clears its join threshold by more.
   * Returns the cluster it moved to, or undefined when it stayed. `from` is removed when the move
   * leaves it empty.
   */
  reassign(vector: Float32Array, from: ClusterState): ClusterState | undefined {
    this.take(from, vector);
    // An empty cluster is not a candidate (its sum is rounding noise).
    if (from.count === 0) this.clusters.delete(from.id);
    const { cluster, margin } = this.nearest(vector);
    const target = cluster && margin >= 0 ? cluster : from;
    if (target === from) this.clusters.set(from.id, from);
    addInto(target.sum, vector);
    target.norm = length(target.sum);
    this.members += 1;
    this.membersSquared += 2 * target.count + 1;
    target.count++;
    return target === from ? undefined : target;
  }

  /** Subtracts a member's vector from a cluster. */
  private take(cluster: ClusterState, vector: Float32Array): void {
    for (let i = 0; i < cluster.sum.length; i++) cluster.sum[i] -= vector[i];
    cluster.norm = length(cluster.sum);
    this.members -= 1;
    this.membersSquared -= 2 * cluster.count - 1;
    cluster.count--;
  }

  /**
   * Maintenance after a batch: each of `ids` (clusters that just changed) is compared with every
   * other cluster, and a pair that `canMerge` merges, the younger into the older. Cost:
   * |ids| passes over the clusters.
   */
  mergeAround(ids: string[]): Merge[] {
    const merges: Merge[] = [];
    const queue = [...new Set(ids)];
    const isStray = (c: ClusterState): boolean => c.count <= this.options.straySize;
    // Merges move members between clusters, never add any: one total serves the whole pass.
    const total = this.total();
    while (queue.length > 0) {
      const id = queue.shift()!;
      const cluster = this.clusters.get(id);
      if (!cluster) continue;
      let partner: ClusterState | undefined;
      let best = -Infinity;
      for (const other of this.clusters.values()) {
        if (other === cluster) continue;
        const similarity = this.clusterSimilarity(cluster, other);
        if (!this.canMerge(cluster, other, similarity, total)) continue;
        // A settled cluster does not take strays in: each stray picks its own best target when it is checked.
        if (!isStray(cluster) && isStray(other)) continue;
        // A stray goes where it clears the bar by most, not to the broadest centroid.
        const score = isStray(cluster) && !isStray(other) ? similarity - this.options.strayPenalty * Math.log(other.count) : similarity;
        if (score > best) {
          best = score;
          partner = other;
        }
      }
      if (!partner) continue;
      if (isStray(cluster) !== isStray(partner)) {
        // A stray folds into the settled cluster, whose id is the one people know, whatever their ages.
        const [stray, settled] = isStray(cluster) ? [cluster, partner] : [partner, cluster];
        merges.push(this.fold(stray, settled));
        continue;
      }
      const [older, younger] = cluster.seq < partner.seq ? [cluster, partner] : [partner, cluster];
      merges.push(this.fold(younger, older));
      // The survivor moved: it may now meet another cluster.
      queue.push(older.id);
    }
    return merges;
  }

  /** Adds `from`'s members to `into` and removes `from`. */
  private fold(from: ClusterState, into: ClusterState): Merge {
    addInto(into.sum, from.sum);
    into.norm = length(into.sum);
    this.membersSquared += 2 * into.count * from.count;
    into.count += from.count;
    this.clusters.delete(from.id);
    return { from: from.id, into: into.id };
  }

  /**
   * Maintenance: merges every pair of clusters that `canMerge`, the younger
   * into the older (its id is the one people have seen longest), until none is left. Quadratic in
   * the number of clusters, so run periodically, not per issue.
   */
  merge(): Merge[] {
    const merges: Merge[] = [];
    let changed = true;
    while (changed) {
      changed = false;
      const ordered = [...this.clusters.values()].sort((a, b) => a.seq - b.seq);
      for (let i = 0; i < ordered.length && !changed; i++) {
        for (let j = i + 1; j < ordered.length; j++) {
          const [older, younger] = [ordered[i], ordered[j]];
          if (!this.canMerge(older, younger, this.clusterSimilarity(older, younger))) continue;
          addInto(older.sum, younger.sum);
          older.norm = length(older.sum);
          this.membersSquared += 2 * older.count * younger.count;
          older.count += younger.count;
          this.clusters.delete(younger.id);
          merges.push({ from: younger.id, into: older.id });
          changed = true;
          break;
        }
      }
    }
    return merges;
  }
}

/** The size at which a cluster is first checked for merges. */
export const MERGE_CHECK_FROM = 4;

/**
 * Whether a cluster that grew from `before` to `after` issues is due a merge check: each time its
 * size reaches a new power of two (from 4 on), so a cluster is checked O(log n) times in its life
 * and maintenance stays a small share of the cost of an issue.
 */
export function dueForMergeCheck(before: number, after: number): boolean {
  return after >= MERGE_CHECK_FROM && Math.floor(Math.log2(Math.max(before, 1))) < Math.floor(Math.log2(after));
}

/** Cosine between a cluster's centroid and a unit vector. */
export function centroidSimilarity(cluster: ClusterState, unit: Float32Array): number {
  let dot = 0;
  let sq = 0;
  const sum = cluster.sum;
  for (let i = 0; i < sum.length; i++) {
    dot += sum[i] * unit[i];
    sq += sum[i] * sum[i];
  }
  return sq === 0 ? 0 : dot / Math.sqrt(sq);
}

export function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let sa = 0;
  let sb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    sa += a[i] * a[i];
    sb += b[i] * b[i];
  }
  return sa === 0 || sb === 0 ? 0 : dot / Math.sqrt(sa * sb);
}

function length(values: Float32Array): number {
  let sq = 0;
  for (let i = 0; i < values.length; i++) sq += values[i] * values[i];
  return Math.sqrt(sq);
}

function addInto(target: Float32Array, add: Float32Array): void {
  for (let i = 0; i < target.length; i++) target[i] += add[i];
}

function sequentialIds(): () => string {
  let n = 0;
  return () => `c${++n}`;
}
