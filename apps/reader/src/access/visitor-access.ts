// Who may read a published site, decided per request from the site's visibility:
// public / unlisted → anyone; share-link → a share key of this site (query `share`, kept in a
// cookie scoped to the site); visitor-auth → a visitor JWT (query `jwt_token` or cookie), verified
// with the organization's public visitor key. The verified claims drive adaptive content.
import { createLocalJWKSet, type JSONWebKeySet, jwtVerify } from 'jose';
import type { PublishedSite } from '../sites/site-directory';
import type { VisitorContext } from './conditions';

export interface VisitorKeys {
  /** The organization's public visitor-claims key (JWK), or null when it has none. */
  publicKey(organizationId: string): Promise<Record<string, unknown> | null>;
}

export type AccessDecision =
  | { allowed: true; visitor: VisitorContext; setCookies: string[] }
  | { allowed: false; status: 401 | 404; redirect?: string; clearCookies?: string[] };

export interface AccessRequest {
  query: Record<string, string | undefined>;
  cookies: Record<string, string>;
  /** Cookie path of the site (its URL prefix). */
  cookiePath: string;
  /** Full URL of the request, for the login redirect. */
  url: string;
  secure: boolean;
}

const MAX_TOKEN_LENGTH = 8192;

export const shareCookie = (site: PublishedSite): string => `bindery_share_${site.id}`;
export const visitorCookie = (site: PublishedSite): string => `bindery_visitor_${site.id}`;

export class VisitorAccess {
  constructor(private readonly keys: VisitorKeys) {}

  async decide(site: PublishedSite, request: AccessRequest): Promise<AccessDecision> {
    const unsigned = unsignedClaims(request.query);
    switch (site.visibility) {
      case 'public':
      case 'unlisted':
        return { allowed: true, visitor: { claims: { unsigned } }, setCookies: [] };
      case 'share-link':
        return this.shareLink(site, request, unsigned);
      case 'visitor-auth':
        return this.visitorAuth(site, request, unsigned);
      default:
        return { allowed: false, status: 404 };
    }
  }

  private shareLink(site: PublishedSite, request: AccessRequest, unsigned: Record<string, boolean>): AccessDecision {
    const fromQuery = request.query.share;
    const key = fromQuery ?? request.cookies[shareCookie(site)];
    // A key of another site (or none) is "no such site": a share-link site is not discoverable.
    if (!key || !(site.shareKeys ?? []).includes(key)) return { allowed: false, status: 404 };
    const setCookies = fromQuery ? [cookie(shareCookie(site), key, request)] : [];
    return { allowed: true, visitor: { claims: { unsigned } }, setCookies };
  }

  private async visitorAuth(site: PublishedSite, request: AccessRequest, unsigned: Record<string, boolean>): Promise<AccessDecision> {
    const fromQuery = request.query.jwt_token;
    const token = fromQuery ?? request.cookies[visitorCookie(site)];
    const claims = token ? await this.verify(site, token) : null;
    if (!claims) {
      const clearCookies = token && !fromQuery ? [cookie(visitorCookie(site), '', request, 0)] : undefined;
      if (site.visitorAuthLoginUrl) {
        const login = new URL(site.visitorAuthLoginUrl);
        login.searchParams.set('location', request.url);
        return { allowed: false, status: 401, redirect: login.toString(), clearCookies };
      }
      return { allowed: false, status: 401, clearCookies };
    }
    const setCookies = fromQuery ? [cookie(visitorCookie(site), fromQuery, request)] : [];
    const merged = { ...claims, unsigned: { ...unsigned, ...(isRecord(claims.unsigned) ? claims.unsigned : {}) } };
    return { allowed: true, visitor: { claims: merged }, setCookies };
  }

  private async verify(site: PublishedSite, token: string): Promise<Record<string, unknown> | null> {
    if (token.length > MAX_TOKEN_LENGTH) return null;
    const key = await this.keys.publicKey(site.organizationId);
    if (!key) return null;
    try {
      const jwks = createLocalJWKSet({ keys: [key] } as unknown as JSONWebKeySet);
      const { payload } = await jwtVerify(token, jwks, { algorithms: ['ES256'] });
      return payload as Record<string, unknown>;
    } catch {
      return null;
    }
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

function cookie(name: string, value: string, request: AccessRequest, maxAge = 7 * 24 * 3600): string {
  const secure = request.secure ? '; Secure' : '';
  return `${name}=${encodeURIComponent(value)}; Path=${request.cookiePath || '/'}; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
