import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  agreement,
  type Agreement,
  DEFAULT_CLUSTERER,
  DEFAULT_FEATURIZER,
  dueForMergeCheck,
  Featurizer,
  OnlineClusterer,
  STOPWORDS,
  sharedWordVectors,
  tokenize,
} from '@bindery/conversations';

/** CLINC150 (`shared/data/intents-dev/clinc150`): [query, intent] pairs; `oos_*` splits are left out. */
type Split = Array<[string, string]>;
const DATA = join(__dirname, '..', '..', '..', '..', 'shared', 'data', 'intents-dev', 'clinc150', 'data_full.json');
/** Worker batches: merges are looked for after each, as the worker does. */
const BATCH = 500;
const SEED = 20261123;

/**
 * `pnpm bench conversations-quality`: feeds every CLINC150 query as a conversation, in a shuffled
 * order with a fixed seed, through the engine the worker runs (featurizer, online clustering,
 * merges after every batch), and through a plain TF-IDF online-clustering baseline; scores the
 * clusters against the intents (ARI, AMI) and counts them. The baseline's threshold is the best
 * of a grid on `val`; ours is the shipped default (it was chosen on `val` too). `test` and the
 * full set (train + val + test, 22,500 queries) are the held-out figures.
 */
export function conversationsQualityBench(): Promise<string[]> {
  const data = JSON.parse(readFileSync(process.env.CLINC150_FILE ?? DATA, 'utf8')) as Record<string, Split>;
  const splits: Record<string, Split> = { val: data.val, test: data.test, full: [...data.train, ...data.val, ...data.test] };
  const featurizer = new Featurizer(sharedWordVectors());
  const grid = [0.2, 0.3, 0.4, 0.5];
  const baselineThreshold = grid
    .map((threshold) => ({ threshold, score: tfidfBaseline(shuffled(splits.val), threshold) }))
    .sort((a, b) => b.score.ari + b.score.ami - (a.score.ari + a.score.ami))[0].threshold;
  const lines = [
    `Engine: ${JSON.stringify({ ...DEFAULT_FEATURIZER, ...DEFAULT_CLUSTERER })}; baseline: TF-IDF (online IDF, sublinear TF), threshold ${baselineThreshold} (best on val)`,
    '',
    '| split | queries | intents | engine ARI | engine AMI | engine clusters | baseline ARI | baseline AMI | baseline clusters | engine ms/query |',
    '|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [name, rows] of Object.entries(splits)) {
    const order = shuffled(rows);
    const started = process.hrtime.bigint();
    const ours = engine(order, featurizer);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    const base = tfidfBaseline(order, baselineThreshold);
    lines.push(
      `| ${name} | ${rows.length} | ${ours.classes} | ${f(ours.ari)} | ${f(ours.ami)} | ${ours.clusters} | ${f(base.ari)} | ${f(base.ami)} | ${base.clusters} | ${(ms / rows.length).toFixed(2)} |`,
    );
  }
  return Promise.resolve(lines);
}

const f = (x: number): string => x.toFixed(3);

/** The worker's path: vectorize, assign, merge around the touched clusters after each batch. */
export function engine(rows: Split, featurizer: Featurizer, options = DEFAULT_CLUSTERER): Agreement {
  const clusterer = new OnlineClusterer(featurizer.dims, options);
  const assigned: string[] = [];
  const alias = new Map<string, string>();
  let sizeBefore = new Map<string, number>();
  rows.forEach(([query], i) => {
    const vector = featurizer.vectorize(query);
    let id = `empty-${i}`;
    if (vector.some((x) => x !== 0)) {
      const { cluster } = clusterer.assign(vector);
      id = cluster.id;
      if (!sizeBefore.has(id)) sizeBefore.set(id, cluster.count - 1);
    }
    assigned.push(id);
    if ((i + 1) % BATCH === 0 || i === rows.length - 1) {
      const due = [...sizeBefore].filter(([t, before]) => dueForMergeCheck(before, clusterer.get(t)?.count ?? 0)).map(([t]) => t);
      for (const merge of clusterer.mergeAround(due)) alias.set(merge.from, merge.into);
      sizeBefore = new Map();
    }
  });
  const resolve = (id: string): string => {
    let current = id;
    while (alias.has(current)) current = alias.get(current)!;
    return current;
  };
  return agreement(
    rows.map(([, intent]) => intent),
    assigned.map(resolve),
  );
}

/**
 * Baseline: the textbook online TF-IDF clustering. Lower-cased words without stop words, sublinear
 * TF, IDF from the documents seen so far (smoothed), unit vectors; each query joins the cluster
 * with the most similar centroid at or above `threshold`, or opens one.
 */
export function tfidfBaseline(rows: Split, threshold: number): Agreement {
  const df = new Map<string, number>();
  let documents = 0;
  const centroids: Array<{ sum: Map<string, number>; norm2: number }> = [];
  const assigned: number[] = [];
  for (const [query] of rows) {
    const terms = new Map<string, number>();
    for (const token of tokenize(query)) if (!STOPWORDS.has(token)) terms.set(token, (terms.get(token) ?? 0) + 1);
    documents++;
    for (const term of terms.keys()) df.set(term, (df.get(term) ?? 0) + 1);
    const vector = new Map<string, number>();
    let norm = 0;
    for (const [term, tf] of terms) {
      const weight = (1 + Math.log(tf)) * (Math.log((1 + documents) / (1 + df.get(term)!)) + 1);
      vector.set(term, weight);
      norm += weight * weight;
    }
    norm = Math.sqrt(norm) || 1;
    for (const [term, weight] of vector) vector.set(term, weight / norm);
    let best = -1;
    let bestSimilarity = -Infinity;
    centroids.forEach((centroid, index) => {
      let dot = 0;
      for (const [term, weight] of vector) dot += weight * (centroid.sum.get(term) ?? 0);
      const similarity = centroid.norm2 > 0 ? dot / Math.sqrt(centroid.norm2) : 0;
      if (similarity > bestSimilarity) {
        bestSimilarity = similarity;
        best = index;
      }
    });
    if (best < 0 || bestSimilarity < threshold || vector.size === 0) {
      centroids.push({ sum: new Map(), norm2: 0 });
      best = centroids.length - 1;
    }
    const centroid = centroids[best];
    for (const [term, weight] of vector) {
      const before = centroid.sum.get(term) ?? 0;
      centroid.norm2 += (before + weight) ** 2 - before ** 2;
      centroid.sum.set(term, before + weight);
    }
    assigned.push(best);
  }
  return agreement(
    rows.map(([, intent]) => intent),
    assigned,
  );
}

/** Fisher–Yates with a fixed-seed LCG: the same order on every run. */
export function shuffled<T>(rows: T[], seed = SEED): T[] {
  const out = [...rows];
  let state = seed >>> 0;
  const random = (): number => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}
