import { type VisitorKeys, verifyVisitorToken } from '../access/visitor-access';
import type { LookupResult, PublishedSite, SiteDirectory, SiteLookup } from './site-directory';
import { visibleStructure } from './site-view';

/**
 * Sites held in memory (tests, bench, the demo before sites publishes one), with the rules the
 * sites service applies to a published lookup: unpublished → 404; share-link needs one of its keys
 * (another site's key is a 404); visitor-auth needs a token signed with the organization's visitor
 * key or the site's publishing-auth key (else 401 or the login redirect); conditions of sections and site spaces are applied.
 */
export class MemorySiteDirectory implements SiteDirectory {
  private sites: PublishedSite[];

  constructor(
    sites: PublishedSite[] = [],
    private readonly keys: VisitorKeys = { publicKey: () => Promise.resolve(null) },
  ) {
    this.sites = sites;
  }

  put(site: PublishedSite): void {
    this.sites = [...this.sites.filter((s) => s.id !== site.id), site];
  }

  async lookup(request: SiteLookup): Promise<LookupResult> {
    const site = this.find(request);
    if (!site?.published) return { kind: 'not-found' };
    let claims: Record<string, unknown> = { unsigned: request.unsigned };
    if (site.visibility === 'share-link' && !(request.shareKey && (site.shareKeys ?? []).includes(request.shareKey)))
      return { kind: 'not-found' };
    if (site.visibility === 'visitor-auth') {
      const verified = request.token ? await verifyVisitorToken(this.keys, site.organizationId, request.token, site.visitorAuthKey) : null;
      if (!verified) return { kind: 'unauthorized', loginUrl: site.visitorAuthLoginUrl };
      const signedUnsigned = isRecord(verified.unsigned) ? verified.unsigned : {};
      claims = { ...verified, unsigned: { ...request.unsigned, ...signedUnsigned } };
    }
    return { kind: 'found', site: { ...site, sections: visibleStructure(site, { claims }).sections }, claims };
  }

  private find(request: SiteLookup): PublishedSite | undefined {
    const { hostname, basename } = request;
    if (hostname !== undefined) {
      const custom = this.sites.filter((s) => s.hostname === hostname);
      if (custom.length > 0) return custom.find((s) => s.basename === basename) ?? (basename === '' ? custom[0] : undefined);
      return this.sites.find((s) => s.organizationHostname === hostname && s.basename === basename);
    }
    return this.sites.find((s) => s.organizationId === request.organizationId && s.basename === basename);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
