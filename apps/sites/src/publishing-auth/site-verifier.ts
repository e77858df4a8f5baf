import { Injectable } from '@nestjs/common';
import { PublishingAuthRepository } from './publishing-auth.repository';
import { SigningKeys } from './signing-keys';

/** What the published lookup needs of a site's publishing auth (cached with the site's rows). */
export interface SiteVisitorAuth {
  /** The HS256 secret of the site's visitor tokens (absent: the site never had one made). */
  key?: Uint8Array;
  fallbackURL?: string;
}

/** Loads a site's visitor auth for the published lookup; the caller caches it by the site's version. */
@Injectable()
export class SiteVisitorAuthLoader {
  constructor(
    private readonly auth: PublishingAuthRepository,
    private readonly keys: SigningKeys,
  ) {}

  async load(siteId: string): Promise<SiteVisitorAuth> {
    const row = await this.auth.find(siteId);
    if (!row) return {};
    return {
      key: new TextEncoder().encode(this.keys.open(row.sealed_key)),
      ...(row.fallback_url ? { fallbackURL: row.fallback_url } : {}),
    };
  }
}
