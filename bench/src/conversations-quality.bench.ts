import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  agreement,
  type Agreement,
  type ClustererOptions,
  DEFAULT_CLUSTERER,
  DEFAULT_FEATURIZER,
  Featurizer,
  type FeaturizerOptions,
  OrganizationClusters,
  type PendingConversation,
  STOPWORDS,
  sharedWordVectors,
  tokenize,
} from '@bindery/conversations';

/** [text, intent] pairs. */
type Rows = Array<[string, string]>;
/** `../shared/data/intents-dev` beside the checkout (from bench/dist). */
const INTENTS_DEV = join(__dirname, '..', '..', '..', 'shared', 'data', 'intents-dev');
/** Worker batches (`CONVERSATIONS_BATCH`): merges are looked for after each, as the worker does. */
const BATCH = 500;
/** Three fixed arrival orders. */
const SEEDS = [20261123, 7, 424242];
const BASELINE_GRID = [0.2, 0.3, 0.4, 0.5];

/**
 * `pnpm bench conversations-quality`: every query of two development corpora (CLINC150 without its
 * out-of-scope queries, HWU64) is fed as a one-message conversation, online, in three fixed-seed
 * arrival orders, through the worker's code (`OrganizationClusters.process`: issue extraction,
 * featurizer, online clustering, merges after every batch of 500), and through a plain online
 * TF-IDF nearest-centroid baseline with one fixed threshold. Scores: ARI and AMI against the
 * intents (mean of the orders), cluster count, the largest cluster's share (max over the orders)
 * beside the largest intent's share, and engine time per query. Settings are chosen by the WORSE
 * of the two corpora (so is the baseline's threshold): they are judged on an unseen corpus.
 *
 * Exploring: `CONVERSATIONS_QUALITY_SAMPLE=3000` takes the first n queries of each shuffled corpus;
 * `CONVERSATIONS_QUALITY_OPTIONS='{"threshold":0.45}'` overrides featurizer/clusterer options.
 */
export function conversationsQualityBench(): Promise<string[]> {
  const corpora: Record<string, Rows> = { CLINC150: loadClinc(), HWU64: loadHwu() };
  const sample = Number(process.env.CONVERSATIONS_QUALITY_SAMPLE ?? 0);
  const overrides = JSON.parse(process.env.CONVERSATIONS_QUALITY_OPTIONS ?? '{}') as Partial<FeaturizerOptions & ClustererOptions>;
  const featurizerOptions = pick({ ...DEFAULT_FEATURIZER }, overrides);
  const clustererOptions = pick({ ...DEFAULT_CLUSTERER }, overrides);
  const featurizer = new Featurizer(sharedWordVectors(), featurizerOptions);
  const orders = Object.fromEntries(
    Object.entries(corpora).map(([name, rows]) => [
      name,
      SEEDS.map((seed) => (sample > 0 ? shuffled(rows, seed).slice(0, sample) : shuffled(rows, seed))),
    ]),
  );
  // The baseline's one threshold: the best of the grid on the worse corpus (first order).
  const baselineThreshold = BASELINE_GRID.map((threshold) => ({
    threshold,
    worst: Math.min(...Object.values(orders).map((o) => score(tfidfBaseline(o[0], threshold)))),
  })).sort((a, b) => b.worst - a.worst)[0].threshold;
  const lines = [
    `Engine: ${JSON.stringify({ ...featurizerOptions, ...clustererOptions })}; baseline: online TF-IDF (online IDF, sublinear TF), threshold ${baselineThreshold} (best of ${BASELINE_GRID.join('/')} on the worse corpus); ${SEEDS.length} arrival orders${sample > 0 ? `; SAMPLE of ${sample} per corpus` : ''}`,
    '',
    '| corpus | queries | intents | largest intent | limit (3 ×) | engine ARI | engine AMI | engine clusters | engine largest | baseline ARI | baseline AMI | baseline clusters | baseline largest | engine ms/query |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  const worst = { ari: Infinity, ami: Infinity, oversized: false, beaten: false, limitShare: 0 };
  for (const [name, runs] of Object.entries(orders)) {
    const ours = runs.map((rows) => engine(rows, featurizer, clustererOptions));
    const base = runs.map((rows) => tfidfBaseline(rows, baselineThreshold));
    const ms = ours.reduce((t, r) => t + r.ms, 0) / (ours.length * runs[0].length);
    const intentShare = largestShare(runs[0].map(([, intent]) => intent));
    const o = mean(ours);
    const b = mean(base);
    worst.ari = Math.min(worst.ari, o.ari);
    worst.ami = Math.min(worst.ami, o.ami);
    worst.oversized ||= o.largest > 3 * intentShare;
    worst.limitShare = Math.max(worst.limitShare, o.largest / (3 * intentShare));
    worst.beaten ||= o.ari < b.ari || o.ami < b.ami;
    lines.push(
      `| ${name} | ${runs[0].length} | ${o.classes} | ${pct(intentShare)} | ${pct(3 * intentShare)} | ${f(o.ari)} | ${f(o.ami)} | ${Math.round(o.clusters)} | ${pct(o.largest)} | ${f(b.ari)} | ${f(b.ami)} | ${Math.round(b.clusters)} | ${pct(b.largest)} | ${ms.toFixed(2)} |`,
    );
  }
  lines.push(
    '',
    `Worse of the two corpora (engine, mean of ${SEEDS.length} orders): ARI ${f(worst.ari)}, AMI ${f(worst.ami)}; ` +
      `largest cluster ${worst.oversized ? 'ABOVE' : 'within'} 3 × the largest intent's share on both (at most ${Math.round(100 * worst.limitShare)} % of that limit); ` +
      `${worst.beaten ? 'LOSES to' : 'beats'} the baseline on both.`,
  );
  return Promise.resolve(lines);
}

interface Scored extends Agreement {
  /** Share of the queries in the largest cluster. */
  largest: number;
}

interface Timed extends Scored {
  ms: number;
}

const f = (x: number): string => x.toFixed(3);
const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const score = (a: Agreement): number => a.ari + a.ami;

function pick<T extends object>(defaults: T, overrides: object): T {
  for (const key of Object.keys(defaults))
    if (key in overrides) (defaults as Record<string, unknown>)[key] = (overrides as Record<string, unknown>)[key];
  return defaults;
}

function mean(runs: Scored[]): Scored {
  const avg = (key: 'ari' | 'ami' | 'clusters'): number => runs.reduce((t, r) => t + r[key], 0) / runs.length;
  return {
    ari: avg('ari'),
    ami: avg('ami'),
    clusters: avg('clusters'),
    classes: runs[0].classes,
    largest: Math.max(...runs.map((r) => r.largest)),
  };
}

function largestShare(assigned: Array<string | number>): number {
  const counts = new Map<string | number, number>();
  for (const id of assigned) counts.set(id, (counts.get(id) ?? 0) + 1);
  return Math.max(...counts.values()) / assigned.length;
}

function scored(labels: string[], assigned: Array<string | number>): Scored {
  return { ...agreement(labels, assigned), largest: largestShare(assigned) };
}

/** CLINC150: train + val + test (22,500 queries, 150 intents); the out-of-scope splits are left out. */
function loadClinc(): Rows {
  const file = process.env.CLINC150_FILE ?? join(INTENTS_DEV, 'clinc150', 'data_full.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Rows>;
  return [...data.train, ...data.val, ...data.test];
}

/** HWU64: `text,intent` CSV (10,020 queries, 64 intents); a text with a comma or quote is quoted. */
function loadHwu(): Rows {
  const file = process.env.HWU64_FILE ?? join(INTENTS_DEV, 'hwu64', 'hwu64.csv');
  const rows: Rows = [];
  for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
    if (line.trim() === '') continue;
    // `s`: a text may hold U+2028, which `.` does not match otherwise.
    const match = /^(?:"((?:[^"]|"")*)"|([^,]*)),(.*)$/s.exec(line);
    if (!match) throw new Error(`unreadable HWU64 line: ${line}`);
    rows.push([(match[1] ?? match[2]).replace(/""/g, '"'), match[3].trim()]);
  }
  return rows;
}

/**
 * The worker's path: each query is a conversation with one user message, processed in batches by
 * `OrganizationClusters` (extraction, vectors, clustering, merges). A query is scored by the
 * cluster of its first issue, followed through later merges; one without an issue is a singleton.
 */
export function engine(rows: Rows, featurizer: Featurizer, options: ClustererOptions = DEFAULT_CLUSTERER): Timed {
  let n = 0;
  const newId = (): string => `x${++n}`;
  const clusters = new OrganizationClusters(featurizer.dims, options, newId);
  const now = new Date('2026-01-05T00:00:00Z');
  const firstIssue = new Map<string, string>();
  const alias = new Map<string, string>();
  let ms = 0;
  for (let start = 0; start < rows.length; start += BATCH) {
    const batch: PendingConversation[] = rows.slice(start, start + BATCH).map(([text], k) => ({
      id: String(start + k),
      source: 'integration:api:ingest',
      parts: [{ role: 'user', body: text }],
      createdAt: now,
      ingestedAt: now,
    }));
    const started = process.hrtime.bigint();
    const result = clusters.process(batch, featurizer, newId, now);
    ms += Number(process.hrtime.bigint() - started) / 1e6;
    for (const issue of result.issues)
      if (issue.clusterId && !firstIssue.has(issue.conversationId)) firstIssue.set(issue.conversationId, issue.clusterId);
    for (const merge of result.merges) alias.set(merge.from, merge.into);
  }
  const resolve = (id: string): string => {
    let current = id;
    while (alias.has(current)) current = alias.get(current)!;
    return current;
  };
  const assigned = rows.map((_, i) => {
    const id = firstIssue.get(String(i));
    return id ? resolve(id) : `none-${i}`;
  });
  return {
    ...scored(
      rows.map(([, intent]) => intent),
      assigned,
    ),
    ms,
  };
}

/**
 * Baseline: the textbook online TF-IDF clustering. Lower-cased words without stop words, sublinear
 * TF, IDF from the documents seen so far (smoothed), unit vectors; each query joins the cluster
 * with the most similar centroid at or above `threshold`, or opens one.
 */
export function tfidfBaseline(rows: Rows, threshold: number): Scored {
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
  return scored(
    rows.map(([, intent]) => intent),
    assigned,
  );
}

/** Fisher–Yates with a fixed-seed LCG: the same order on every run. */
export function shuffled<T>(rows: T[], seed: number): T[] {
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
