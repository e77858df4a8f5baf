// Headers on every reader response. Every organization's path-based sites share one origin, so a
// page must never run script it did not serve itself: no inline script or style (the reader's own
// script and stylesheet are files under /_reader/), no plugins, no framing (clickjacking), no
// sniffing a text body into script, and no full URL (share keys live in paths) sent elsewhere.
import { PLAYER_ORIGINS } from '../render/embed-player';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  // The customization's fonts, self-hosted under /_reader/fonts/.
  "font-src 'self'",
  // Images of pages: the site's own files (signed gateway URLs) and images linked by URL.
  "img-src 'self' https: http:",
  // The search box asks the site's `~search` endpoint.
  "connect-src 'self'",
  // Video and CodePen embeds: only the players' own origins, in sandboxed iframes.
  `frame-src ${PLAYER_ORIGINS.join(' ')}`,
  "form-action 'self'",
  "base-uri 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
};
