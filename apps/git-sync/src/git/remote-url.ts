import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { type AddressPolicy, badRequest } from '@bindery/platform';

/** A repository URL split into what may be stored (no credentials) and the credentials used for one fetch. */
export interface RemoteUrl {
  /** http(s) URL without user info: what is stored, logged and shown. */
  safeUrl: string;
  username?: string;
  password?: string;
}

/**
 * Parses a repository URL given by a caller: only http and https (no `file://`, `ssh`, `ext::`,
 * scp-like `host:path`), no query or fragment tricks. Credentials are split off and never appear
 * in the returned `safeUrl` nor in an error message.
 */
export function parseRemoteUrl(raw: string, field = 'url'): RemoteUrl {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(`${field}: must be an http(s) URL of a git repository`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw badRequest(`${field}: only http(s) repository URLs are accepted, not ${url.protocol.replace(/:$/, '')}`);
  if (url.hostname === '') throw badRequest(`${field}: must name a host`);
  const username = url.username ? decodeURIComponent(url.username) : undefined;
  const password = url.password ? decodeURIComponent(url.password) : undefined;
  url.username = '';
  url.password = '';
  url.hash = '';
  return { safeUrl: url.toString(), ...(username !== undefined ? { username } : {}), ...(password !== undefined ? { password } : {}) };
}

/** `owner/name` (or the last path segments) of a repository URL, without `.git`. */
export function repoNameOf(safeUrl: string): string {
  const segments = new URL(safeUrl).pathname.split('/').filter(Boolean);
  const name = segments
    .slice(-2)
    .join('/')
    .replace(/\.git$/, '');
  return name || new URL(safeUrl).host;
}

/** The provider as the official schema names it, from the host (or the caller's `gitInfo.provider`). */
export function providerOf(safeUrl: string, given?: string): 'github' | 'gitlab' {
  if (given === 'gitlab' || given === 'github') return given;
  return new URL(safeUrl).hostname.includes('gitlab') ? 'gitlab' : 'github';
}

/**
 * Resolves the host and checks every address against the platform's policy (loopback, private
 * and metadata addresses refused unless the operator allowed them). Returns the checked address,
 * which git is then pinned to (`http.curloptResolve`), so DNS cannot answer differently for git.
 */
export async function checkedAddress(safeUrl: string, policy: AddressPolicy): Promise<{ host: string; port: number; address: string }> {
  const url = new URL(safeUrl);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true })).map((a) => a.address);
    } catch {
      throw badRequest(`url: the host ${host} does not resolve`);
    }
  }
  for (const address of addresses) {
    const refusal = policy.refusal(address, host);
    if (refusal) throw badRequest(`url: the host ${host} is ${refusal}, which repository URLs may not point at`);
  }
  return { host, port, address: addresses[0] };
}

/**
 * The git config that pins a fetch or push to the checked address: curl's `CURLOPT_RESOLVE`
 * entry `host:port:address` (an IPv6 address in brackets). An IP-literal host gets none: curl
 * never resolves a literal, so it connects to exactly the address checked, and its
 * `host:port:…` syntax cannot spell an IPv6 host at all (curl refuses `::1:443:…` and
 * `[::1]:443:…` alike, failing every transfer).
 */
export function pinnedAddressConfig({ host, port, address }: { host: string; port: number; address: string }): Record<string, string> {
  if (isIP(host)) return {};
  return { 'http.curloptResolve': `${host}:${port}:${isIP(address) === 6 ? `[${address}]` : address}` };
}
