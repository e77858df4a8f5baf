import type { PublicJwk } from '@bindery/contracts';
import { newId } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { exportJWK, generateKeyPair, importJWK, type JWTPayload, SignJWT } from 'jose';
import { type VisitorClaimsKey, VisitorClaimsKeysRepository } from './visitor-claims-keys.repository';

/** Visitor claims expire quickly: the app pings again and gets fresh ones. */
const CLAIMS_TTL = '1h';
const ALGORITHM = 'ES256';

/**
 * Signs visitor claims with a key pair of the organization's own. An asymmetric key lets a site
 * (another context, another process) verify claims with the public half without holding a secret.
 */
@Injectable()
export class VisitorClaimsService {
  constructor(private readonly keys: VisitorClaimsKeysRepository) {}

  async sign(organizationId: string, baseUrl: string, claims: JWTPayload & { sub: string }): Promise<string> {
    const key = await this.keyOf(organizationId);
    const privateKey = await importJWK(key.privateJwk, ALGORITHM);
    return new SignJWT(claims)
      .setProtectedHeader({ alg: ALGORITHM, kid: key.kid })
      .setIssuer(`${baseUrl}/v1/orgs/${organizationId}`)
      .setIssuedAt()
      .setExpirationTime(CLAIMS_TTL)
      .sign(privateKey);
  }

  /** The organization's public key as a JWK (with its `kid`), for whoever verifies the claims. */
  async publicKey(organizationId: string): Promise<PublicJwk> {
    const key = await this.keyOf(organizationId);
    // `exportJWK` always sets `kty` (EC for ES256); jose's JWK type only leaves it optional.
    return { kty: 'EC', ...key.publicJwk, kid: key.kid, alg: ALGORITHM, use: 'sig' };
  }

  /** Creates the organization's key pair on first use; concurrent first uses agree on one. */
  private async keyOf(organizationId: string): Promise<VisitorClaimsKey> {
    const existing = await this.keys.find(organizationId);
    if (existing) return existing;
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    await this.keys.insertIfAbsent(organizationId, {
      kid: newId(),
      privateJwk: await exportJWK(privateKey),
      publicJwk: await exportJWK(publicKey),
    });
    return (await this.keys.find(organizationId))!;
  }
}
