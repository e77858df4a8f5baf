// Which key checks a visitor token (framework-free, unit-tested): HS256 with the site's own
// publishing-auth key when the token says HS256 and the site has one, else ES256 with the
// organization's visitor key. The header's `alg` only picks the key; each key is verified with its
// one algorithm, so a token cannot choose a weaker check (no `none`, no HS256 with a public key).
import { type JWTPayload, decodeProtectedHeader, jwtVerify } from 'jose';

export type OrganizationKey = Parameters<typeof jwtVerify>[1];

/** The verified payload and which key opened it; throws when the token is bad, expired or of another key. */
export async function verifyVisitorJwt(
  token: string,
  organizationKey: () => Promise<OrganizationKey>,
  siteKey?: Uint8Array,
): Promise<{ payload: JWTPayload; by: 'site' | 'organization' }> {
  if (siteKey !== undefined && decodeProtectedHeader(token).alg === 'HS256')
    return { payload: (await jwtVerify(token, siteKey, { algorithms: ['HS256'] })).payload, by: 'site' };
  return { payload: (await jwtVerify(token, await organizationKey(), { algorithms: ['ES256'] })).payload, by: 'organization' };
}
