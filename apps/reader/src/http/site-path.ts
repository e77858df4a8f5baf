// The path of a request to a site, as segments. Kept by hand on purpose: the site a path belongs
// to is found by its first segments (or by host), so Fastify's router cannot route inside a site,
// and an encoded slash or dot-segment must be refused before decoding, which a decoded wildcard
// parameter no longer shows.

const MAX_SEGMENTS = 64;

/** Decoded path segments, or null for anything a site never has: traversal, control characters, bad escapes. */
export function pathSegments(rawPath: string): string[] | null {
  const parts = rawPath.split('/').filter((s) => s !== '');
  if (parts.length > MAX_SEGMENTS) return null;
  const out: string[] = [];
  for (const part of parts) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(part);
    } catch {
      return null;
    }
    if (decoded === '.' || decoded === '..' || /[\u0000-\u001f\u007f/\\]/.test(decoded)) return null;
    out.push(decoded);
  }
  return out;
}

/**
 * A share link as the sites service writes it (`…/{basename}/~share/{key}/…`): the key, taken
 * like `?share=`, and the segments without it.
 */
export function shareLinkEntry(segments: string[]): { segments: string[]; shareKey?: string } {
  const at = segments.indexOf('~share');
  if (at < 0 || !segments[at + 1]) return { segments };
  return { segments: [...segments.slice(0, at), ...segments.slice(at + 2)], shareKey: segments[at + 1] };
}

/**
 * Where the visitor was going, inside the site, for the fallback URL's `location` parameter: the
 * path after the site's prefix without its leading slash, as GitBook passes it, so the login
 * server can send the visitor back to `<site URL>/<location>?jwt_token=…`. The refused token is
 * left out (it would only come back).
 */
export function siteLocation(rawPath: string, query: Record<string, string>, prefix: string): string {
  const inside = prefix && rawPath.startsWith(prefix) ? rawPath.slice(prefix.length) : rawPath;
  const params = new URLSearchParams(query);
  params.delete('jwt_token');
  const rest = params.toString();
  return `${inside.replace(/^\/+/, '')}${rest ? `?${rest}` : ''}`;
}
