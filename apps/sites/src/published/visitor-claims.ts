import { IdentitySubjects, type PublicJwk, type RequestContext } from '@bindery/contracts';
import { unauthorized } from '@bindery/platform';
import { ServiceClient } from '@bindery/platform/nest';
import { Injectable } from '@nestjs/common';
import { importJWK } from 'jose';
import { type TokenSite, verifyVisitorJwt } from './visitor-token';

const KEY_TTL_MS = 60_000;
type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

/**
 * Verifies visitor tokens (`visitor-token.ts`): ES256 JWTs signed with the organization's visitor
 * key, whose public half identity serves (`identity.visitor-claims.get-key`, callerless), or HS256
 * JWTs signed with the site's own publishing-auth key (`siteKey`, as on the hosted platform).
 * Organization keys are kept a minute per organization so a published read does not ask identity every time.
 */
@Injectable()
export class VisitorClaims {
  private readonly keys = new Map<string, { at: number; key: Promise<VerifyKey> }>();

  constructor(private readonly services: ServiceClient) {}

  /** The token's claims, or a 401 when it is not a valid, unexpired token of this organization for this site. */
  async verify(ctx: RequestContext, organizationId: string, token: string, site: TokenSite): Promise<Record<string, unknown>> {
    try {
      return (await verifyVisitorJwt(token, () => this.key(ctx, organizationId), site)).payload;
    } catch {
      // The organization's key may have been rotated: asked again next time (a site's key comes with its rows).
      this.keys.delete(organizationId);
      throw unauthorized('The visitor token is not valid for this site');
    }
  }

  private key(ctx: RequestContext, organizationId: string): Promise<VerifyKey> {
    const known = this.keys.get(organizationId);
    if (known && Date.now() - known.at < KEY_TTL_MS) return known.key;
    const key = this.services
      .send(IdentitySubjects.visitorClaimsKey, ctx, { organizationId })
      .then(({ key: jwk }: { key: PublicJwk }) => importJWK(jwk as Parameters<typeof importJWK>[0], 'ES256'));
    key.catch(() => this.keys.delete(organizationId));
    this.keys.set(organizationId, { at: Date.now(), key });
    return key;
  }
}
