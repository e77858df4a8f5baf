// The URLs of a site's publishing auth: where a visitor without a valid token is sent, and where
// visitors log out upstream. Browsers follow them, so only absolute http(s) URLs are kept, without
// credentials and of a bounded length (a `javascript:` fallback would run in the reader's origin).
export const MAX_AUTH_URL_LENGTH = 2048;

/** The problem with `value` as an auth URL (naming `field`), or undefined when it is fine. */
export function authUrlProblem(field: string, value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'string') return `${field}: must be a URL or null`;
  if (value.length > MAX_AUTH_URL_LENGTH) return `${field}: must be at most ${MAX_AUTH_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `${field}: must be an absolute URL`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `${field}: must be an http or https URL`;
  if (url.username || url.password) return `${field}: must not carry credentials`;
  if (!url.hostname) return `${field}: must name a host`;
  return undefined;
}
