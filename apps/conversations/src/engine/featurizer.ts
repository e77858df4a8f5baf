import { stem } from './stem';
import { STOPWORDS, tokenize } from './tokenize';
import type { WordVectors } from './word-vectors';

export interface FeaturizerOptions {
  /** Dimensions the stemmed TF-IDF terms are hashed into. */
  hashDims: number;
  /** Share of the similarity carried by the TF-IDF part (the word-vector part carries the rest). */
  lexicalWeight: number;
  /** Dimensions the words' character 3-grams are hashed into (0: no character part). */
  charDims: number;
  /** Share of the similarity carried by the character 3-grams (taken from the word-vector part's). */
  charWeight: number;
  /** Principal components of the vocabulary removed from the word-vector part, after its mean direction. */
  removedComponents: number;
}

/**
 * Chosen by `pnpm bench conversations-quality` on the worse of CLINC150 and HWU64 (0.28 with the
 * clusterer's session-10 settings; 0.3 before them): the word-vector part carries most of the similarity (paraphrases share few words), the lexical part keeps
 * neighbouring intents of one domain ("calories in" / "ingredients of") apart. Measured and left
 * off: character 3-grams (worse on HWU64, whose misspellings are few) and removing principal
 * components beyond the mean direction (worse on both).
 */
export const DEFAULT_FEATURIZER: FeaturizerOptions = {
  hashDims: 512,
  lexicalWeight: 0.28,
  charDims: 0,
  charWeight: 0,
  removedComponents: 0,
};

/**
 * Text → unit vector, deterministic and corpus-independent, so a vector computed today stays
 * comparable with one computed last month (centroids are sums of them):
 * - a lexical part: stemmed terms, sublinear TF (1 + ln tf) × IDF, hashed into `hashDims` with a
 *   sign bit (collisions cancel rather than add up). The IDF comes from the word's frequency rank
 *   in the embeddings' corpus (Zipf: p ≈ 1 / (rank · H)), so it needs no per-organization counts
 *   and does not drift as a corpus grows; an unknown word (a product name) weighs the most;
 * - a semantic part: the IDF-weighted mean of the words' pre-trained vectors (the same Zipf IDF)
 *   with the common component of the vocabulary removed, which places synonyms ("refund" /
 *   "money back") close. Measured on both development corpora: IDF weights beat SIF weights, and
 *   removing the vocabulary's common direction beats subtracting the vocabulary's mean vector or
 *   a running mean of the texts seen so far.
 * Each part is normalised, then weighted, so cos(x, y) = w·cos_lex + (1 − w)·cos_sem.
 */
export class Featurizer {
  readonly dims: number;
  private readonly zipfNorm: number;
  /** Orthonormal directions removed from the word-vector part (the vocabulary's mean direction first). */
  private readonly removed: Float32Array[];

  constructor(
    private readonly vectors: WordVectors,
    readonly options: FeaturizerOptions = DEFAULT_FEATURIZER,
  ) {
    this.dims = options.hashDims + options.charDims + vectors.dims;
    this.zipfNorm = Math.log(vectors.size) + 0.5772;
    this.removed = this.removedDirections();
  }

  /** Probability of a word under Zipf's law from its rank; unknown words count as the rarest. */
  private probability(word: string): number {
    const rank = this.vectors.rank(word) ?? this.vectors.size;
    return 1 / ((rank + 1) * this.zipfNorm);
  }

  /** Content tokens of a text (stop words out). */
  tokens(text: string): string[] {
    return tokenize(text).filter((t) => !STOPWORDS.has(t));
  }

  /** The unit feature vector; the zero vector only when the text has no word at all. */
  vectorize(text: string): Float32Array {
    const out = new Float32Array(this.dims);
    // A text of function words only ("can you do it?") still gets a vector, so every issue has a cluster.
    let tokens = this.tokens(text);
    if (tokens.length === 0) tokens = tokenize(text);
    if (tokens.length === 0) return out;
    this.lexical(tokens, out);
    if (this.options.charDims > 0) this.characters(tokens, out);
    this.semantic(tokens, out);
    // A text with no known word has no semantic part: still a unit vector, like every other.
    scale(out, 0, this.dims, 1);
    return out;
  }

  private lexical(tokens: string[], out: Float32Array): void {
    const tf = new Map<string, { count: number; idf: number }>();
    for (const token of tokens) {
      const term = stem(token);
      const entry = tf.get(term);
      if (entry) entry.count++;
      else tf.set(term, { count: 1, idf: -Math.log(this.probability(token)) });
    }
    const { hashDims } = this.options;
    for (const [term, { count, idf }] of tf) {
      const h = hash32(term);
      const sign = h & 0x80000000 ? -1 : 1;
      out[h % hashDims] += sign * (1 + Math.log(count)) * idf;
    }
    scale(out, 0, hashDims, Math.sqrt(this.options.lexicalWeight));
  }

  /**
   * Character 3-grams of each word (with its boundaries: "<re", "ref", …, "nd>"), IDF-weighted by
   * their word: a misspelt word ("refnd") still shares most of its 3-grams with the right one.
   */
  private characters(tokens: string[], out: Float32Array): void {
    const { hashDims, charDims, charWeight } = this.options;
    for (const token of tokens) {
      const padded = `<${token}>`;
      const grams = padded.length - 2;
      const weight = -Math.log(this.probability(token)) / Math.sqrt(grams);
      for (let i = 0; i < grams; i++) {
        const h = hash32(padded.slice(i, i + 3));
        out[hashDims + (h % charDims)] += (h & 0x80000000 ? -1 : 1) * weight;
      }
    }
    scale(out, hashDims, hashDims + charDims, Math.sqrt(charWeight));
  }

  private semantic(tokens: string[], out: Float32Array): void {
    const { lexicalWeight, charDims, charWeight } = this.options;
    const hashDims = this.options.hashDims + charDims;
    const dims = this.vectors.dims;
    let any = false;
    for (const token of tokens) {
      const v = this.vectors.vector(token);
      if (!v) continue;
      any = true;
      const weight = -Math.log(this.probability(token));
      for (let i = 0; i < dims; i++) out[hashDims + i] += weight * v[i];
    }
    if (!any) return;
    // Remove the directions every average shares, or all texts look alike.
    for (const direction of this.removed) {
      let dot = 0;
      for (let i = 0; i < dims; i++) dot += out[hashDims + i] * direction[i];
      for (let i = 0; i < dims; i++) out[hashDims + i] -= dot * direction[i];
    }
    scale(out, hashDims, this.dims, Math.sqrt(1 - lexicalWeight - charWeight));
  }

  /**
   * The unit direction of the frequency-weighted mean of the vocabulary's vectors, then the top
   * `removedComponents` principal components of the vocabulary about that mean ("all-but-the-top",
   * Mu & Viswanath 2018: they encode word frequency, not meaning), made orthonormal.
   */
  private removedDirections(): Float32Array[] {
    const dims = this.vectors.dims;
    const limit = Math.min(this.vectors.size, 50_000);
    // Vocabulary order is frequency order: weight by Zipf probability.
    const weight = (i: number): number => 1 / (i + 1);
    const mean = new Float64Array(dims);
    let total = 0;
    for (let i = 0; i < limit; i++) {
      const v = this.vectors.vector(this.vectors.wordAt(i))!;
      for (let d = 0; d < dims; d++) mean[d] += weight(i) * v[d];
      total += weight(i);
    }
    const directions = [unit(Float64Array.from(mean))];
    const k = this.options.removedComponents;
    if (k > 0) {
      for (let d = 0; d < dims; d++) mean[d] /= total;
      const covariance = Array.from({ length: dims }, () => new Float64Array(dims));
      const centred = new Float64Array(dims);
      // The 10,000 most frequent words carry most of the Zipf weight, at a fifth of the cost of 50,000.
      for (let i = 0; i < Math.min(limit, 10_000); i++) {
        const v = this.vectors.vector(this.vectors.wordAt(i))!;
        for (let d = 0; d < dims; d++) centred[d] = v[d] - mean[d];
        for (let a = 0; a < dims; a++) {
          const wa = weight(i) * centred[a];
          const row = covariance[a];
          for (let b = 0; b < dims; b++) row[b] += wa * centred[b];
        }
      }
      for (const component of principalComponents(covariance, k)) directions.push(component);
    }
    // Gram–Schmidt: each direction is removed once.
    const basis: Float64Array[] = [];
    for (const direction of directions) {
      const d = Float64Array.from(direction);
      for (const b of basis) {
        const dot = d.reduce((t, x, i) => t + x * b[i], 0);
        for (let i = 0; i < dims; i++) d[i] -= dot * b[i];
      }
      if (Math.hypot(...d) > 1e-6) basis.push(unit(d));
    }
    return basis.map((b) => Float32Array.from(b));
  }
}

/** The top `k` eigenvectors of a symmetric matrix, by power iteration with deflation (fixed start: deterministic). */
export function principalComponents(matrix: Float64Array[], k: number, iterations = 200): Float64Array[] {
  const n = matrix.length;
  const m = matrix.map((row) => Float64Array.from(row));
  const components: Float64Array[] = [];
  for (let c = 0; c < k; c++) {
    let v = unit(Float64Array.from({ length: n }, (_, i) => 1 + i / n));
    let eigenvalue = 0;
    for (let it = 0; it < iterations; it++) {
      const next = new Float64Array(n);
      for (let a = 0; a < n; a++) {
        let t = 0;
        for (let b = 0; b < n; b++) t += m[a][b] * v[b];
        next[a] = t;
      }
      eigenvalue = Math.hypot(...next);
      if (eigenvalue === 0) return components;
      v = unit(next);
    }
    components.push(v);
    for (let a = 0; a < n; a++) for (let b = 0; b < n; b++) m[a][b] -= eigenvalue * v[a] * v[b];
  }
  return components;
}

function unit(values: Float64Array): Float64Array {
  const norm = Math.hypot(...values) || 1;
  return values.map((x) => x / norm);
}

/** Normalises out[from..to) to length `length` (no-op on a zero range). */
function scale(out: Float32Array, from: number, to: number, length: number): void {
  let sq = 0;
  for (let i = from; i < to; i++) sq += out[i] * out[i];
  if (sq === 0) return;
  const k = length / Math.sqrt(sq);
  for (let i = from; i < to; i++) out[i] *= k;
}

/** FNV-1a, 32 bits unsigned. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
