import type { ContentSource, SearchHit, SpaceContent } from './content/content-source';
import type { MemoryContentSource } from './content/memory-content';
import type { LookupResult, SiteDirectory, SiteLookup } from './sites/site-directory';

/** Sites of the first directory that knows them (the sites service first, then the built-in demo). */
export class FirstSiteDirectory implements SiteDirectory {
  constructor(private readonly directories: SiteDirectory[]) {}

  async lookup(request: SiteLookup): Promise<LookupResult> {
    for (const directory of this.directories) {
      const result = await directory.lookup(request);
      if (result.kind !== 'not-found') return result;
    }
    return { kind: 'not-found' };
  }
}

/** The demo's spaces from memory, every other space from content. */
export class DemoFirstContent implements ContentSource {
  constructor(
    private readonly demo: MemoryContentSource,
    private readonly demoOrganization: string,
    private readonly rest: ContentSource,
  ) {}

  content(organizationId: string, spaceId: string): Promise<SpaceContent> {
    return organizationId === this.demoOrganization
      ? this.demo.content(organizationId, spaceId)
      : this.rest.content(organizationId, spaceId);
  }

  movedPath(organizationId: string, content: SpaceContent, path: string): Promise<string | undefined> {
    return organizationId === this.demoOrganization
      ? this.demo.movedPath(organizationId, content, path)
      : this.rest.movedPath(organizationId, content, path);
  }

  search(organizationId: string, spaceId: string, query: string): Promise<SearchHit[] | null> {
    return organizationId === this.demoOrganization
      ? this.demo.search(organizationId, spaceId, query)
      : this.rest.search(organizationId, spaceId, query);
  }
}
