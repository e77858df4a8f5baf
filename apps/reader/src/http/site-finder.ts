import type { VisitorCredentials } from '../access/visitor-access';
import type { LookupResult, PublishedSite, SiteDirectory } from '../sites/site-directory';

export type FoundSite =
  | { kind: 'found'; site: PublishedSite; claims: Record<string, unknown>; prefix: string; rest: string[] }
  | { kind: 'not-found' }
  | { kind: 'unauthorized'; loginUrl?: string; prefix: string };

const LOCAL_HOST = /^(localhost|\d+\.\d+\.\d+\.\d+|\[.*\])$/;

/** Site by host (custom or organization hostname, then basename), or by `/{organization}/{basename}`. */
export async function findSite(
  sites: SiteDirectory,
  host: string,
  segments: string[],
  credentials: VisitorCredentials,
): Promise<FoundSite> {
  const hostname = host.toLowerCase().replace(/:\d+$/, '');
  const ask = { shareKey: credentials.shareKey, token: credentials.token, unsigned: credentials.unsigned };
  const found = (result: LookupResult, prefix: string, rest: string[]): FoundSite =>
    result.kind === 'found'
      ? { kind: 'found', site: result.site, claims: result.claims, prefix, rest }
      : result.kind === 'unauthorized'
        ? { ...result, prefix }
        : result;
  // Host routing first (a custom hostname, or the organization's hostname, then the basename in
  // the first segment or none); a host no site claims falls back to `/{organization}/{basename}`.
  // Local addresses are never a site's host. Answers are cached by the directory.
  if (!LOCAL_HOST.test(hostname)) {
    if (segments.length > 0) {
      const result = await sites.lookup({ ...ask, hostname, basename: segments[0] });
      if (result.kind !== 'not-found') return found(result, `/${encodeURIComponent(segments[0])}`, segments.slice(1));
    }
    const result = await sites.lookup({ ...ask, hostname, basename: '' });
    if (result.kind !== 'not-found') return found(result, '', segments);
  }
  if (segments.length < 2) return { kind: 'not-found' };
  const prefix = `/${encodeURIComponent(segments[0])}/${encodeURIComponent(segments[1])}`;
  return found(await sites.lookup({ ...ask, organizationId: segments[0], basename: segments[1] }), prefix, segments.slice(2));
}
