/**
 * The content type Fastify gives a JSON answer it serialises, set by hand on routes that answer a
 * service's JSON bytes as they are (`ServiceClient.relay`), so both kinds of route answer alike.
 */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';
