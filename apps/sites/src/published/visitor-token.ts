// Which key checks a visitor token (framework-free, unit-tested): HS256 with the site's own
// publishing-auth key when the token says HS256 and the site has one, else ES256 with the
// organization's visitor key. The header's `alg` only picks the key; each key is verified with its
// one algorithm, so a token cannot choose a weaker check (no `none`, no HS256 with a public key).
//
// The organization's key also signs what any member's ping returns (their own claims, for
// adaptive content), so a token of that key opens a visitor-auth site only when its audience names
// the site: otherwise every member, guests included, could read every visitor-auth site.
import { type JWTPayload, decodeProtectedHeader, jwtVerify } from 'jose';

export type OrganizationKey = Parameters<typeof jwtVerify>[1];

/** The site a token is presented to. */
export interface TokenSite {
  id: string;
  /** The HS256 secret of the site's publishing auth, when it has one. */
  key?: Uint8Array;
  /** The token must open the site (visitor-auth), not only carry claims: an organization-key token must name the site. */
  access: boolean;
}

/** The `aud` value that names a site in an organization-key visitor token. */
export const siteAudience = (siteId: string): string => `site:${siteId}`;

/** The verified payload and which key opened it; throws when the token is bad, expired, of another key or for another site. */
export async function verifyVisitorJwt(
  token: string,
  organizationKey: () => Promise<OrganizationKey>,
  site: TokenSite,
): Promise<{ payload: JWTPayload; by: 'site' | 'organization' }> {
  if (site.key !== undefined && decodeProtectedHeader(token).alg === 'HS256')
    return { payload: (await jwtVerify(token, site.key, { algorithms: ['HS256'] })).payload, by: 'site' };
  const audience = siteAudience(site.id);
  const { payload } = await jwtVerify(token, await organizationKey(), {
    algorithms: ['ES256'],
    ...(site.access ? { audience } : {}),
  });
  // Claims only (a public site, a member's preview): a token minted for another site still does not count here.
  if (payload.aud !== undefined && ![payload.aud].flat().includes(audience)) throw new Error('the token names another site');
  return { payload, by: 'organization' };
}
