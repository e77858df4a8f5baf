import { hash } from 'node:crypto';

let lastToken: string | undefined;
let lastKey = '';

/**
 * SHA-256 of a bearer token (base64url): the rate limiter's counter key and the token cache's key,
 * so neither keeps a secret. Both ask for the same token within one request, so the last answer is
 * kept: one hash per request instead of two.
 */
export function tokenKey(token: string): string {
  if (token !== lastToken) {
    lastKey = hash('sha256', token, 'base64url');
    lastToken = token;
  }
  return lastKey;
}
