import { Injectable } from '@nestjs/common';
import type { JWK } from 'jose';
import { DataSource } from 'typeorm';

export interface VisitorClaimsKey {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
}

/** `visitor_claims_keys`: one signing key pair per organization. */
@Injectable()
export class VisitorClaimsKeysRepository {
  constructor(private readonly db: DataSource) {}

  async find(organizationId: string): Promise<VisitorClaimsKey | undefined> {
    const rows: Array<{ kid: string; private_jwk: JWK; public_jwk: JWK }> = await this.db.query(
      'SELECT kid, private_jwk, public_jwk FROM visitor_claims_keys WHERE organization_id = $1',
      [organizationId],
    );
    return rows[0] && { kid: rows[0].kid, privateJwk: rows[0].private_jwk, publicJwk: rows[0].public_jwk };
  }

  /** Stores the key unless the organization has one already (a concurrent first use won). */
  async insertIfAbsent(organizationId: string, key: VisitorClaimsKey): Promise<void> {
    await this.db.query(
      `INSERT INTO visitor_claims_keys (organization_id, kid, private_jwk, public_jwk) VALUES ($1, $2, $3, $4)
       ON CONFLICT (organization_id) DO NOTHING`,
      [organizationId, key.kid, JSON.stringify(key.privateJwk), JSON.stringify(key.publicJwk)],
    );
  }
}
