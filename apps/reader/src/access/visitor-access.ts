// What a visitor brings to a published site, read from the request: a share key (query `share`,
// then kept in a cookie scoped to the site), a visitor JWT (query `jwt_token`, then a cookie) and
// unsigned claims (`?visitor.<name>=true|false`). The directory (sites) decides what they open.
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';

export interface VisitorKeys {
  /** The organization's public visitor-claims key (JWK), or null when it has none. */
  publicKey(organizationId: string): Promise<Record<string, unknown> | null>;
}

export interface VisitorCredentials {
  shareKey?: string;
  token?: string;
  unsigned: Record<string, boolean>;
  /** Whether share key / token came from the query (then kept in a cookie once they opened the site). */
  shareFromQuery: boolean;
  tokenFromQuery: boolean;
}

const MAX_TOKEN_LENGTH = 8192;
const MAX_SHARE_KEY_LENGTH = 256;
export const SHARE_COOKIE = 'bindery_share';
export const VISITOR_COOKIE = 'bindery_visitor';

export function visitorCredentials(
  query: Record<string, string | undefined>,
  cookies: Record<string, string | undefined>,
): VisitorCredentials {
  const shareKey = bounded(query.share ?? cookies[SHARE_COOKIE], MAX_SHARE_KEY_LENGTH);
  const token = bounded(query.jwt_token ?? cookies[VISITOR_COOKIE], MAX_TOKEN_LENGTH);
  return {
    shareKey,
    token,
    unsigned: unsignedClaims(query),
    shareFromQuery: query.share !== undefined,
    tokenFromQuery: query.jwt_token !== undefined,
  };
}

/** Cookies that keep a share key or token given in the query, scoped to the site's path. */
export function credentialCookies(credentials: VisitorCredentials, path: string, secure: boolean): string[] {
  const out: string[] = [];
  if (credentials.shareFromQuery && credentials.shareKey) out.push(cookie(SHARE_COOKIE, credentials.shareKey, path, secure));
  if (credentials.tokenFromQuery && credentials.token) out.push(cookie(VISITOR_COOKIE, credentials.token, path, secure));
  return out;
}

export function clearTokenCookie(path: string, secure: boolean): string {
  return cookie(VISITOR_COOKIE, '', path, secure, 0);
}

/**
 * Verifies a visitor JWT: HS256 with the site's publishing-auth key when the token says HS256 and
 * the site has one, else ES256 with the organization's public key (each key with its one
 * algorithm: the header only picks the key). Null when absent, bad or expired.
 */
export async function verifyVisitorToken(
  keys: VisitorKeys,
  organizationId: string,
  token: string,
  siteKey?: string,
): Promise<Record<string, unknown> | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  try {
    if (siteKey && decodeProtectedHeader(token).alg === 'HS256')
      return (await jwtVerify(token, new TextEncoder().encode(siteKey), { algorithms: ['HS256'] })).payload;
  } catch {
    return null;
  }
  const key = await keys.publicKey(organizationId);
  if (!key) return null;
  try {
    const jwks = createLocalJWKSet({ keys: [key] });
    const { payload } = await jwtVerify(token, jwks, { algorithms: ['ES256'] });
    return payload;
  } catch {
    return null;
  }
}

/** Unsigned visitor claims from `?visitor.<name>=true|false` (booleans only, as the adaptive schema allows). */
function unsignedClaims(query: Record<string, string | undefined>): Record<string, boolean> {
  const claims: Record<string, boolean> = {};
  for (const [name, value] of Object.entries(query)) {
    const match = /^visitor\.([A-Za-z_][A-Za-z0-9_]{0,63})$/.exec(name);
    if (match && (value === 'true' || value === 'false')) claims[match[1]] = value === 'true';
  }
  return claims;
}

function bounded(value: string | undefined, max: number): string | undefined {
  return value && value.length <= max ? value : undefined;
}

function cookie(name: string, value: string, path: string, secure: boolean, maxAge = 7 * 24 * 3600): string {
  return `${name}=${encodeURIComponent(value)}; Path=${path || '/'}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
