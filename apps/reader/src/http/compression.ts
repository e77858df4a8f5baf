// Compressed pages: brotli or gzip, as the client accepts, computed once per cached page and
// origin (the origin is written into a page when it is served, see ORIGIN_MARK) and kept with it.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

/** Origins whose compressed bodies one cached page keeps (a site is normally read under one). */
const ORIGINS_KEPT = 4;

/** The encoding to answer with: brotli, then gzip, when `Accept-Encoding` lists it without `q=0`. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

export class CompressedBodies {
  private readonly bodies = new Map<string, Buffer>();

  /** The body for this origin in this encoding, compressed the first time it is asked for. */
  get(origin: string, encoding: Encoding, body: () => string): Buffer {
    const key = `${encoding} ${origin}`;
    let out = this.bodies.get(key);
    if (!out) {
      const text = Buffer.from(body());
      // Quality 5: most of brotli's gain at a fraction of its highest setting's time.
      out = encoding === 'br' ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }) : gzipSync(text);
      if (this.bodies.size >= ORIGINS_KEPT * 2) this.bodies.delete(this.bodies.keys().next().value!);
      this.bodies.set(key, out);
    }
    return out;
  }

  /** Bytes held, for the page cache's size accounting. */
  get size(): number {
    let total = 0;
    for (const body of this.bodies.values()) total += body.length;
    return total;
  }
}
