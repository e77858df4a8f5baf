import { newId } from '@bindery/platform';
import { Injectable } from '@nestjs/common';
import { exportJWK, generateKeyPair, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import { DataSource } from 'typeorm';

/** Visitor claims expire quickly: the app pings again and gets fresh ones. */
const CLAIMS_TTL = '1h';
const ALGORITHM = 'ES256';

/**
 * Signs visitor claims with a key pair of the organization's own. An asymmetric key lets a site
 * (another context, another process) verify claims with the public half without holding a secret.
 */
@Injectable()
export class VisitorClaimsService {
  constructor(private readonly db: DataSource) {}

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
  async publicKey(organizationId: string): Promise<JWK> {
    const key = await this.keyOf(organizationId);
    return { ...key.publicJwk, kid: key.kid, alg: ALGORITHM, use: 'sig' };
  }

  /** Creates the organization's key pair on first use; concurrent first uses agree on one. */
  private async keyOf(organizationId: string): Promise<{ kid: string; privateJwk: JWK; publicJwk: JWK }> {
    const existing = await this.find(organizationId);
    if (existing) return existing;
    const { privateKey, publicKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    await this.db.query(
      `INSERT INTO visitor_claims_keys (organization_id, kid, private_jwk, public_jwk) VALUES ($1, $2, $3, $4)
       ON CONFLICT (organization_id) DO NOTHING`,
      [organizationId, newId(), JSON.stringify(await exportJWK(privateKey)), JSON.stringify(await exportJWK(publicKey))],
    );
    return (await this.find(organizationId))!;
  }

  private async find(organizationId: string): Promise<{ kid: string; privateJwk: JWK; publicJwk: JWK } | undefined> {
    const rows: Array<{ kid: string; private_jwk: JWK; public_jwk: JWK }> = await this.db.query(
      'SELECT kid, private_jwk, public_jwk FROM visitor_claims_keys WHERE organization_id = $1',
      [organizationId],
    );
    return rows[0] && { kid: rows[0].kid, privateJwk: rows[0].private_jwk, publicJwk: rows[0].public_jwk };
  }
}
