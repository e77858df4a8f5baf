// Compressed pages: brotli or gzip, as the client accepts, computed once per cached page and
// origin (the origin is written into a page when it is served, see ORIGIN_MARK) and kept with it.
import { brotliCompress, constants, gzip } from 'node:zlib';

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
  /** Finished or in progress: requests that arrive while a body is compressed wait for that one. */
  private readonly bodies = new Map<string, Promise<Buffer>>();

  /** The body for this origin in this encoding, compressed the first time it is asked for. */
  get(origin: string, encoding: Encoding, body: () => string): Promise<Buffer> {
    const key = `${encoding} ${origin}`;
    let out = this.bodies.get(key);
    if (!out) {
      if (this.bodies.size >= ORIGINS_KEPT * 2) this.bodies.delete(this.bodies.keys().next().value!);
      out = compress(Buffer.from(body()), encoding);
      this.bodies.set(key, out);
      // A failure is not kept: the next request tries again.
      const pending = out;
      pending.catch(() => this.bodies.get(key) === pending && this.bodies.delete(key));
    }
    return out;
  }
}

/** On libuv's thread pool, not the event loop: a page of megabytes takes a tenth of a second or more. */
function compress(text: Buffer, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer): void => (error ? reject(error) : resolve(out));
    // Quality 5: most of brotli's gain at a fraction of its highest setting's time.
    if (encoding === 'br') brotliCompress(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }, done);
    else gzip(text, done);
  });
}
