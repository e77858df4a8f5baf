import { stem } from './stem';
import { STOPWORDS, tokenize } from './tokenize';
import type { WordVectors } from './word-vectors';

export interface FeaturizerOptions {
  /** Dimensions the stemmed TF-IDF terms are hashed into. */
  hashDims: number;
  /** Share of the similarity carried by the TF-IDF part (the word-vector part carries the rest). */
  lexicalWeight: number;
}

/**
 * Chosen by `pnpm bench conversations-quality` on the worse of CLINC150 and HWU64: the word-vector
 * part carries most of the similarity (paraphrases share few words), the lexical part keeps
 * neighbouring intents of one domain ("calories in" / "ingredients of") apart.
 */
export const DEFAULT_FEATURIZER: FeaturizerOptions = { hashDims: 512, lexicalWeight: 0.3 };

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
  private readonly common: Float32Array;

  constructor(
    private readonly vectors: WordVectors,
    readonly options: FeaturizerOptions = DEFAULT_FEATURIZER,
  ) {
    this.dims = options.hashDims + vectors.dims;
    this.zipfNorm = Math.log(vectors.size) + 0.5772;
    this.common = this.commonComponent();
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

  private semantic(tokens: string[], out: Float32Array): void {
    const { hashDims, lexicalWeight } = this.options;
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
    // Remove the direction every average shares, or all texts look alike.
    let dot = 0;
    for (let i = 0; i < dims; i++) dot += out[hashDims + i] * this.common[i];
    for (let i = 0; i < dims; i++) out[hashDims + i] -= dot * this.common[i];
    scale(out, hashDims, this.dims, Math.sqrt(1 - lexicalWeight));
  }

  /** Unit direction of the frequency-weighted mean of the vocabulary's vectors. */
  private commonComponent(): Float32Array {
    const dims = this.vectors.dims;
    const sum = new Float32Array(dims);
    const limit = Math.min(this.vectors.size, 50_000);
    for (let i = 0; i < limit; i++) {
      // Vocabulary order is frequency order: weight by Zipf probability.
      const v = this.vectors.vector(this.vectors.wordAt(i))!;
      for (let d = 0; d < dims; d++) sum[d] += v[d] / (i + 1);
    }
    const norm = Math.hypot(...sum) || 1;
    for (let d = 0; d < dims; d++) sum[d] /= norm;
    return sum;
  }
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
