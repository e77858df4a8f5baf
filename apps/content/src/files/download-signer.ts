import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a download URL grants: these bytes, served with this type, until `expires` (unix seconds). */
export interface DownloadGrant {
  hash: string;
  contentType: string;
  expires: number;
}

/** Why a signed grant is refused. */
export type GrantRefusal = 'bad-signature' | 'expired';

/**
 * HMAC-SHA256 signatures of download grants. The URL carries the grant and its signature, so
 * anyone holding it (an <img> tag, a browser) can fetch the bytes without a token until it
 * expires, and cannot change which bytes, their served type, or the expiry.
 *
 * Other grants (a PDF export) sign their own fields through `signFields`/`checkFields`; they
 * start with a purpose word, which a file grant's first field (a sha256 hex digest) never is,
 * so a signature made for one kind of URL is never valid for another.
 */
export class DownloadSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds = 3600,
  ) {}

  /** Unix time (seconds) at which a grant issued at `now` expires. */
  expiresAt(now: Date): number {
    return Math.floor(now.getTime() / 1000) + this.ttlSeconds;
  }

  /** A grant valid for the signer's lifetime from `now`, and its signature. */
  grant(hash: string, contentType: string, now: Date): { grant: DownloadGrant; signature: string } {
    const grant = { hash, contentType, expires: this.expiresAt(now) };
    return { grant, signature: this.sign(grant) };
  }

  sign(grant: DownloadGrant): string {
    return this.signFields([grant.hash, String(grant.expires), grant.contentType]);
  }

  /** Why a grant is refused, or null when its signature matches and it has not expired. */
  check(grant: DownloadGrant, signature: string, now: Date): GrantRefusal | null {
    return this.checkFields([grant.hash, String(grant.expires), grant.contentType], grant.expires, signature, now);
  }

  /** Signature of a list of fields, none of which may contain a newline. */
  signFields(fields: readonly string[]): string {
    // Newline-separated: no field can contain one, so two different lists never sign the same text.
    if (fields.some((f) => f.includes('\n'))) throw new Error('a signed field cannot contain a newline');
    return createHmac('sha256', this.secret).update(fields.join('\n')).digest('base64url');
  }

  /** Why signed fields are refused, or null when the signature matches and `expires` has not passed. */
  checkFields(fields: readonly string[], expires: number, signature: string, now: Date): GrantRefusal | null {
    if (fields.some((f) => f.includes('\n'))) return 'bad-signature';
    const expected = Buffer.from(this.signFields(fields));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
    if (expires * 1000 <= now.getTime()) return 'expired';
    return null;
  }
}
