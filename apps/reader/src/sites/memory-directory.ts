import type { PublishedSite, SiteDirectory } from './site-directory';

/** Sites held in memory: tests, benches, and local runs before the sites service publishes any. */
export class MemorySiteDirectory implements SiteDirectory {
  private sites: PublishedSite[] = [];

  constructor(sites: PublishedSite[] = []) {
    this.sites = sites;
  }

  put(site: PublishedSite): void {
    this.sites = [...this.sites.filter((s) => s.id !== site.id), site];
  }

  async byHost(host: string, basename: string): Promise<PublishedSite | null> {
    const custom = this.sites.find((s) => s.hostname === host && (basename === '' || s.basename === basename));
    if (custom) return basename === '' || custom.basename === basename ? custom : null;
    return this.sites.find((s) => s.organizationHostname === host && s.basename === basename) ?? null;
  }

  async byOrganization(organizationId: string, basename: string): Promise<PublishedSite | null> {
    return this.sites.find((s) => s.organizationId === organizationId && s.basename === basename) ?? null;
  }

  async knowsHost(host: string): Promise<boolean> {
    return this.sites.some((s) => s.hostname === host || s.organizationHostname === host);
  }
}
