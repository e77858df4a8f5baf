import { randomBytes } from 'node:crypto';
import { SecretSealer } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { SitesEnv } from '../config/sites.env';

/**
 * The per-site keys that sign visitor tokens (HS256, as on the hosted platform): 32 random bytes,
 * base64url (the text is the HMAC secret, as JWT libraries take a string secret), sealed with
 * SITES_AUTH_SECRET at rest. Never logged: only an admin's answer and the verifier see it.
 */
@Injectable()
export class SigningKeys {
  private readonly sealer: SecretSealer;

  constructor(env: SitesEnv) {
    this.sealer = new SecretSealer(env.SITES_AUTH_SECRET);
  }

  /** A fresh key, sealed for storage. */
  generate(): string {
    return this.sealer.seal(randomBytes(32).toString('base64url'));
  }

  open(sealed: string): string {
    return this.sealer.open(sealed);
  }
}
