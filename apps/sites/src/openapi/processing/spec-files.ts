import { createHash } from 'node:crypto';
import { type AddressPolicy, FetchRefusedError, type FetchedBody, guardedFetch, type GuardedFetchOptions } from '@bindery/platform';
import { ProcessingError } from './processing-error';

/** One file of a spec as last fetched: its validators (for a conditional request) and its content's hash. */
export interface SourceFile {
  url: string;
  etag?: string;
  lastModified?: string;
  hash: string;
}

/** Conditional requests in flight at once when revalidating a spec's files. */
const REVALIDATE_CONCURRENCY = 16;

export interface FetchLimits {
  policy: AddressPolicy;
  /** For every file of the spec together. */
  timeoutMs: number;
  /** Per file, and for all files together. */
  maxBytes: number;
  maxFiles: number;
}

export type Fetcher = (url: string, options: GuardedFetchOptions) => Promise<FetchedBody>;

/**
 * Fetches the files of one spec through the guarded fetcher (public addresses only unless the
 * operator allowed more, connections pinned to checked addresses): the entry, then every file a
 * relative `$ref` names, only from the entry's origin, within a file count, a byte budget and one
 * deadline for them all.
 */
export class SpecFiles {
  private readonly deadline: number;
  private files = 0;
  private bytes = 0;
  /** Every file fetched in full, in order: what the next refresh revalidates. */
  readonly fetched: SourceFile[] = [];

  constructor(
    private readonly limits: FetchLimits,
    /** The entry's URL; undefined for a spec given as text, which may not reference other files. */
    private readonly entryUrl: string | undefined,
    private readonly fetcher: Fetcher = guardedFetch,
  ) {
    this.deadline = Date.now() + limits.timeoutMs;
  }

  async entry(): Promise<FetchedBody> {
    return this.fetch(this.entryUrl!);
  }

  /**
   * Asks again for every file of the spec's last processing, each with its own validators (a 304
   * costs no body); a file answered in full is compared by content. The files' current
   * validators when none changed, or undefined as soon as one did (the spec is then processed anew).
   */
  async revalidate(known: SourceFile[]): Promise<SourceFile[] | undefined> {
    const current: SourceFile[] = [...known];
    let changed = false;
    let next = 0;
    const lanes = Array.from({ length: Math.min(REVALIDATE_CONCURRENCY, known.length) }, async () => {
      while (!changed && next < known.length) {
        const at = next++;
        const file = known[at];
        const conditional = file.etag || file.lastModified ? { etag: file.etag, lastModified: file.lastModified } : undefined;
        // A file that cannot be had now (gone, refused, slow) is a change: the full processing says what failed.
        const answer = await this.fetch(file.url, conditional).catch((error: unknown) => {
          if (error instanceof ProcessingError) return undefined;
          throw error;
        });
        if (!answer) changed = true;
        else if (answer.notModified)
          current[at] = { ...file, etag: answer.etag ?? file.etag, lastModified: answer.lastModified ?? file.lastModified };
        else if (hashOf(answer.bytes) === file.hash) current[at] = validatorsOf(file.url, answer);
        else changed = true;
      }
    });
    await Promise.all(lanes);
    return changed ? undefined : current;
  }

  /** A file a `$ref` names (the resolver of the bundler calls it). */
  async referenced(url: string): Promise<string> {
    if (!this.entryUrl) {
      throw new ProcessingError(
        'PARSE_ERROR',
        [{ message: `${url}: a spec given as text cannot reference other files`, code: 'external-ref' }],
        false,
      );
    }
    const origin = new URL(this.entryUrl).origin;
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      throw new ProcessingError('FETCH_ERROR', [{ message: `${url}: not a valid URL`, code: 'external-ref' }], false);
    }
    if (target.origin !== origin) {
      throw new ProcessingError(
        'FETCH_ERROR',
        [{ message: `${url}: a $ref may only name files of the spec's own origin (${origin})`, code: 'external-ref' }],
        false,
      );
    }
    return (await this.fetch(url)).bytes.toString('utf8');
  }

  private async fetch(url: string, conditional?: GuardedFetchOptions['conditional']): Promise<FetchedBody> {
    if (++this.files > this.limits.maxFiles) {
      throw new ProcessingError(
        'FETCH_ERROR',
        [{ message: `${url}: the spec spans more than ${this.limits.maxFiles} files`, code: 'too-many-files' }],
        false,
      );
    }
    const timeoutMs = this.deadline - Date.now();
    if (timeoutMs <= 0) throw timedOut(url, this.limits.timeoutMs);
    const maxBytes = this.limits.maxBytes - this.bytes;
    if (maxBytes <= 0) throw tooLarge(url, this.limits.maxBytes);
    try {
      const fetched = await this.fetcher(url, { policy: this.limits.policy, timeoutMs, maxBytes, conditional });
      this.bytes += fetched.bytes.length;
      if (!fetched.notModified) this.fetched.push(validatorsOf(url, fetched));
      return fetched;
    } catch (error) {
      if (!(error instanceof FetchRefusedError)) throw error;
      if (/within \d+ ms/.test(error.message)) throw timedOut(url, this.limits.timeoutMs);
      if (/bytes/.test(error.message) && /accepted/.test(error.message)) throw tooLarge(url, this.limits.maxBytes);
      // An address the policy refuses, a scheme, credentials: the same next time.
      const permanent = / is |resolves to|URLs are not fetched|credentials|redirects/.test(error.message);
      throw new ProcessingError('FETCH_ERROR', [{ message: `${url}: ${error.message}`, code: 'fetch' }], !permanent);
    }
  }
}

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

function validatorsOf(url: string, fetched: FetchedBody): SourceFile {
  return {
    url,
    hash: hashOf(fetched.bytes),
    ...(fetched.etag ? { etag: fetched.etag } : {}),
    ...(fetched.lastModified ? { lastModified: fetched.lastModified } : {}),
  };
}

const timedOut = (url: string, ms: number) =>
  new ProcessingError('FETCH_TIMEOUT', [{ message: `${url}: the spec's files did not all arrive within ${ms} ms`, code: 'timeout' }], true);
const tooLarge = (url: string, max: number) =>
  new ProcessingError(
    'FETCH_ERROR',
    [{ message: `${url}: the spec's files are larger than ${max} bytes, the most accepted`, code: 'too-large' }],
    false,
  );
