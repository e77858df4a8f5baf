import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { AddressPolicy } from './address-policy';

/** A fetch the guard refused or that failed; `message` says why, in words fit for an API client. */
export class FetchRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

export interface GuardedFetchOptions {
  policy: AddressPolicy;
  /** Largest body accepted, enforced while it streams in. */
  maxBytes: number;
  /** Whole fetch, redirects included. */
  timeoutMs: number;
  maxRedirects?: number;
  /** Resolves a host name to all its addresses (tests inject one; default: the system resolver). */
  resolve?: (host: string) => Promise<LookupAddress[]>;
  /**
   * A conditional request: the validators of the copy the caller holds. A 304 answer is then a
   * `notModified` result with no bytes instead of an error.
   */
  conditional?: { etag?: string; lastModified?: string };
}

export interface FetchedBody {
  bytes: Buffer;
  /** The response's media type (parameters dropped), when it sent a usable one. */
  contentType?: string;
  /** Where the bytes came from, after redirects. */
  url: string;
  /** The server's validators, to make the next request conditional. */
  etag?: string;
  lastModified?: string;
  /** The server answered 304 to a conditional request: `bytes` is empty, the caller's copy is current. */
  notModified?: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MEDIA_TYPE = /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/;

const systemResolve = (host: string): Promise<LookupAddress[]> =>
  new Promise((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses) => (error ? reject(error) : resolve(addresses))),
  );

/**
 * GET of a caller-supplied URL that cannot be turned against the server's own network (SSRF):
 * http(s) only; every address the host resolves to must pass the policy, and the connection is
 * made to exactly those checked addresses (the resolver runs once, inside the socket's own
 * lookup, so a second DNS answer cannot swap in another address); redirects are followed by hand
 * and each hop is checked again; the whole fetch has a deadline and the body a size cap.
 */
export async function guardedFetch(url: string, options: GuardedFetchOptions): Promise<FetchedBody> {
  const maxRedirects = options.maxRedirects ?? 5;
  const signal = AbortSignal.timeout(options.timeoutMs);
  let current = parseTarget(url);
  for (let hop = 0; ; hop++) {
    const response = await request(current, options, signal, options.conditional);
    if (REDIRECTS.has(response.statusCode ?? 0)) {
      response.resume();
      const location = response.headers.location;
      if (!location) throw new FetchRefusedError(`the server answered ${response.statusCode} without a Location`);
      if (hop >= maxRedirects) throw new FetchRefusedError(`more than ${maxRedirects} redirects`);
      current = parseTarget(new URL(location, current).toString(), 'redirected to ');
      continue;
    }
    if (response.statusCode === 304 && options.conditional) {
      response.resume();
      return { bytes: Buffer.alloc(0), url: current.toString(), notModified: true, ...validators(response) };
    }
    if ((response.statusCode ?? 0) < 200 || (response.statusCode ?? 0) > 299) {
      response.resume();
      throw new FetchRefusedError(`the server answered ${response.statusCode}`);
    }
    const bytes = await readCapped(response, options.maxBytes, signal, options.timeoutMs);
    const mediaType = (response.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    return { bytes, url: current.toString(), ...(MEDIA_TYPE.test(mediaType) ? { contentType: mediaType } : {}), ...validators(response) };
  }
}

function validators(response: IncomingMessage): { etag?: string; lastModified?: string } {
  const etag = response.headers.etag;
  const lastModified = response.headers['last-modified'];
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

function parseTarget(text: string, context = ''): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new FetchRefusedError(`${context}not a valid URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new FetchRefusedError(`${context}${url.protocol} URLs are not fetched: use http or https`);
  if (url.username || url.password) throw new FetchRefusedError(`${context}a URL with credentials is not fetched`);
  return url;
}

/** One request, connected only to addresses the policy allows. */
function request(
  url: URL,
  options: GuardedFetchOptions,
  signal: AbortSignal,
  conditional?: GuardedFetchOptions['conditional'],
): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // The socket skips its lookup for an IP literal, so a literal is checked here instead.
  if (ipaddr.isValid(host)) {
    const refusal = options.policy.refusal(host, host);
    if (refusal) return Promise.reject(new FetchRefusedError(`${host} is ${refusal}`));
  }
  const lookup = guardedLookup(options.policy, options.resolve ?? systemResolve);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.get(url, {
      agent: false,
      lookup,
      signal,
      headers: {
        'user-agent': 'Bindery file fetch',
        accept: '*/*',
        'accept-encoding': 'identity',
        ...(conditional?.etag ? { 'if-none-match': conditional.etag } : {}),
        ...(conditional?.lastModified ? { 'if-modified-since': conditional.lastModified } : {}),
      },
    });
    req.once('response', resolve);
    req.once('error', (error) => reject(describe(error, url, signal, options.timeoutMs)));
  });
}

/**
 * The socket's DNS lookup: resolves once, refuses the host when any address fails the policy
 * (a host with one private address among public ones is not fetched), and hands the socket the
 * checked addresses, which it connects to without resolving again.
 */
function guardedLookup(policy: AddressPolicy, resolve: (host: string) => Promise<LookupAddress[]>): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const family = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : undefined;
        const usable = addresses.filter((a) => family === undefined || a.family === family);
        if (usable.length === 0) return callback(new FetchRefusedError(`${hostname}: the host has no address`), '', 0);
        for (const { address } of usable) {
          const refusal = policy.refusal(address, hostname);
          if (refusal) return callback(new FetchRefusedError(`${hostname} resolves to ${address}, ${refusal}`), '', 0);
        }
        if (lookupOptions.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, usable);
        callback(null, usable[0].address, usable[0].family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

async function readCapped(response: IncomingMessage, maxBytes: number, signal: AbortSignal, timeoutMs: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw new FetchRefusedError(`the file is ${declared} bytes; at most ${maxBytes} are accepted`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.destroy();
        throw new FetchRefusedError(`the file is larger than ${maxBytes} bytes, the most accepted`);
      }
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    if (error instanceof FetchRefusedError) throw error;
    if (signal.aborted) throw new FetchRefusedError(`no complete answer within ${timeoutMs} ms`);
    throw new FetchRefusedError(`the download failed: ${(error as Error).message}`);
  }
  if (size === 0) throw new FetchRefusedError('the server sent an empty body');
  return Buffer.concat(chunks);
}

/** A transport error in words for the API client; refusals of the guard pass through as they are. */
function describe(error: unknown, url: URL, signal: AbortSignal, timeoutMs: number): FetchRefusedError {
  if (error instanceof FetchRefusedError) return error;
  if (signal.aborted) return new FetchRefusedError(`${url.host}: no complete answer within ${timeoutMs} ms`);
  const code = (error as NodeJS.ErrnoException).code;
  const reasons: Record<string, string> = {
    ENOTFOUND: 'the host name does not resolve',
    EAI_AGAIN: 'the host name could not be resolved',
    ECONNREFUSED: 'the connection was refused',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'the host is unreachable',
    ENETUNREACH: 'the network is unreachable',
    ETIMEDOUT: 'the connection timed out',
  };
  return new FetchRefusedError(`${url.host}: ${(code && reasons[code]) ?? (error as Error).message}`);
}
