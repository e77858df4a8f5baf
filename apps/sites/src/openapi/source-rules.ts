import { lookup } from 'node:dns/promises';
import {
  OPENAPI_SLUG_MAX,
  OPENAPI_SLUG_PATTERN,
  OPENAPI_TEXT_MAX_BYTES,
  OPENAPI_URL_MAX,
  type OpenApiSourceInput,
} from '@bindery/contracts';
import { type AddressPolicy, badRequest } from '@bindery/platform';
import ipaddr from 'ipaddr.js';
import type { SpecSource } from './openapi.repository';

/** A slug as the spec defines it (1..100, letters and digits in dash-separated runs); else a 400. */
export function checkSlug(slug: unknown, field = 'slug'): string {
  if (typeof slug !== 'string' || slug.length < 1 || slug.length > OPENAPI_SLUG_MAX || !OPENAPI_SLUG_PATTERN.test(slug)) {
    throw badRequest(`${field}: must be 1 to ${OPENAPI_SLUG_MAX} letters and digits, in runs separated by single dashes`);
  }
  return slug;
}

/** Exactly one of `url` and `text`; the URL http(s) without credentials, at most 2048 characters. */
export function checkSource(source: OpenApiSourceInput | undefined): SpecSource {
  if (!source || typeof source !== 'object') throw badRequest('source: must be an object with url or text');
  const hasUrl = source.url !== undefined;
  const hasText = source.text !== undefined;
  if (hasUrl === hasText) throw badRequest('source: give exactly one of url and text');
  if (hasText) {
    if (typeof source.text !== 'string' || source.text.length === 0) throw badRequest('source.text: must be a non-empty string');
    if (Buffer.byteLength(source.text) > OPENAPI_TEXT_MAX_BYTES) throw badRequest(`source.text: at most ${OPENAPI_TEXT_MAX_BYTES} bytes`);
    return { url: null, text: source.text };
  }
  if (typeof source.url !== 'string' || source.url.length > OPENAPI_URL_MAX)
    throw badRequest(`source.url: must be a URL of at most ${OPENAPI_URL_MAX} characters`);
  let url: URL;
  try {
    url = new URL(source.url);
  } catch {
    throw badRequest('source.url: not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw badRequest('source.url: must be an http or https URL');
  if (url.username || url.password) throw badRequest('source.url: a URL with credentials is not fetched');
  return { url: source.url, text: null };
}

/**
 * Refuses at once a URL whose host is (or resolves to) an address the fetch policy refuses, so the
 * caller hears it as a 400 rather than as a failed processing. The worker checks again when it
 * fetches (DNS may answer differently then); a host that does not resolve now is left to it.
 */
export async function checkUrlAddress(text: string, policy: AddressPolicy, resolve = resolveAll): Promise<void> {
  const host = new URL(text).hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    const refusal = policy.refusal(host, host);
    if (refusal) throw badRequest(`source.url: ${host} is ${refusal}`);
    return;
  }
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    return;
  }
  for (const address of addresses) {
    const refusal = policy.refusal(address, host);
    if (refusal) throw badRequest(`source.url: ${host} resolves to ${address}, ${refusal}`);
  }
}

async function resolveAll(host: string): Promise<string[]> {
  const answer = lookup(host, { all: true, verbatim: true });
  const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), 2000).unref());
  return (await Promise.race([answer, timeout])).map((a) => a.address);
}
