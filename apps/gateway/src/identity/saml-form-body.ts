import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The only route that takes a form body: IdPs POST the SAML response as a form (HTTP-POST binding). */
const SAML_ACS_PATH = /^\/v1\/orgs\/[^/]+\/saml\/[^/]+\/acs(\?|$)/;

/**
 * Parses `application/x-www-form-urlencoded` on the SAML ACS route; everywhere else such a body
 * stays a 415, as the JSON-only API requires.
 */
export function acceptSamlFormPosts(fastify: FastifyInstance): void {
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done) => {
      if (!SAML_ACS_PATH.test(request.url)) {
        done(Object.assign(new Error('Unsupported Media Type: application/x-www-form-urlencoded'), { statusCode: 415 }), undefined);
        return;
      }
      done(null, Object.fromEntries(new URLSearchParams(body.toString())));
    },
  );
}
