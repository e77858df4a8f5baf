import { readFileSync } from 'node:fs';
import { PACKED_VECTORS_FILE } from './pack-vectors';

/** Pre-trained word vectors (GloVe-style, 100 dims) with each word's corpus frequency rank. */
export class WordVectors {
  private readonly index = new Map<string, number>();

  constructor(
    readonly dims: number,
    private readonly words: string[],
    private readonly values: Float32Array,
  ) {
    words.forEach((word, i) => this.index.set(word, i));
  }

  get size(): number {
    return this.index.size;
  }

  /** The word of a rank. */
  wordAt(rank: number): string {
    return this.words[rank];
  }

  /** 0-based frequency rank of the word in the embeddings' training corpus, or undefined. */
  rank(word: string): number | undefined {
    return this.index.get(word);
  }

  /** The word's vector (a view, do not write), or undefined when out of vocabulary. */
  vector(word: string): Float32Array | undefined {
    const i = this.index.get(word);
    return i === undefined ? undefined : this.values.subarray(i * this.dims, (i + 1) * this.dims);
  }

  /** Reads the file written by `pack-vectors` (a build step). */
  static load(file = PACKED_VECTORS_FILE): WordVectors {
    const buffer = readFileSync(file);
    if (buffer.toString('latin1', 0, 8) !== 'VECPACK1') throw new Error(`${file} is not a packed vector file`);
    const count = buffer.readUInt32LE(8);
    const dims = buffer.readUInt32LE(12);
    const textLength = buffer.readUInt32LE(16);
    const words = buffer.toString('utf8', 20, 20 + textLength).split('\n');
    const start = 20 + textLength;
    const values = new Float32Array(count * dims);
    // Copy out: the float data's offset in the file buffer need not be 4-byte aligned.
    new Uint8Array(values.buffer).set(buffer.subarray(start, start + count * dims * 4));
    return new WordVectors(dims, words, values);
  }
}

let shared: WordVectors | undefined;
/** One copy per process (about 50 MB). */
export function sharedWordVectors(): WordVectors {
  shared ??= WordVectors.load();
  return shared;
}
