import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a download URL grants: these bytes, served with this type, until `expires` (unix seconds). */
export interface DownloadGrant {
  hash: string;
  contentType: string;
  expires: number;
}

/**
 * HMAC-SHA256 signatures of download grants. The URL carries the grant and its signature, so
 * anyone holding it (an <img> tag, a browser) can fetch the bytes without a token until it
 * expires, and cannot change which bytes, their served type, or the expiry.
 */
export class DownloadSigner {
  constructor(
    private readonly secret: string,
    private readonly ttlSeconds = 3600,
  ) {}

  /** A grant valid for the signer's lifetime from `now`, and its signature. */
  grant(hash: string, contentType: string, now: Date): { grant: DownloadGrant; signature: string } {
    const grant = { hash, contentType, expires: Math.floor(now.getTime() / 1000) + this.ttlSeconds };
    return { grant, signature: this.sign(grant) };
  }

  sign(grant: DownloadGrant): string {
    // Newline-separated: none of the fields can contain one, so two grants never sign the same text.
    return createHmac('sha256', this.secret).update(`${grant.hash}\n${grant.expires}\n${grant.contentType}`).digest('base64url');
  }

  /** Why a grant is refused, or null when its signature matches and it has not expired. */
  check(grant: DownloadGrant, signature: string, now: Date): 'bad-signature' | 'expired' | null {
    const expected = Buffer.from(this.sign(grant));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
    if (grant.expires * 1000 <= now.getTime()) return 'expired';
    return null;
  }
}
