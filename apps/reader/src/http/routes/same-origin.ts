// The feedback form is anonymous, so a page elsewhere could post ratings in its visitors' names
// (and spend their per-visitor allowance). A browser says where a form came from: `Sec-Fetch-Site`
// (current browsers) and `Origin` (every browser, on POST). A post is refused when either names
// another origin; a request with neither (a script, an old browser) is let through, as the
// per-visitor limit bounds it anyway.
import type { FastifyRequest } from 'fastify';

/** Whether a browser says this POST was sent by a page of another origin. */
export function isCrossOriginPost(request: Pick<FastifyRequest, 'headers' | 'protocol' | 'host'>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.origin;
  if (typeof origin !== 'string') return false;
  // `Origin: null` (a sandboxed frame, a redirect across origins) is another origin too.
  return origin.toLowerCase() !== `${request.protocol}://${request.host}`.toLowerCase();
}
