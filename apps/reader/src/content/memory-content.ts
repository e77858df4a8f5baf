import { documentSections } from '@bindery/document';
import { pageIndex } from './page-index';
import type { ContentSource, SearchHit, SpaceContent } from './content-source';

/** Space contents held in memory (tests, benches, the demo); search is a plain substring match. */
export class MemoryContentSource implements ContentSource {
  private readonly spaces = new Map<string, SpaceContent>();

  constructor(contents: SpaceContent[] = []) {
    for (const content of contents) this.put(content);
  }

  put(content: SpaceContent): void {
    this.spaces.set(content.spaceId, content);
  }

  content(_organizationId: string, spaceId: string): Promise<SpaceContent> {
    const content = this.spaces.get(spaceId);
    return content ? Promise.resolve(content) : Promise.reject(new Error(`unknown space ${spaceId}`));
  }

  movedPath(_organizationId: string, content: SpaceContent, path: string): Promise<string | undefined> {
    return Promise.resolve(content.redirects?.[path]);
  }

  async search(organizationId: string, spaceId: string, query: string): Promise<SearchHit[] | null> {
    const needle = query.toLowerCase();
    const hits: SearchHit[] = [];
    for (const page of pageIndex(await this.content(organizationId, spaceId)).order) {
      const sections = page.document ? documentSections(page.document) : [];
      const body = sections.map((s) => `${s.heading} ${s.text}`).join(' ');
      if (page.title.toLowerCase().includes(needle) || body.toLowerCase().includes(needle)) {
        const at = Math.max(0, body.toLowerCase().indexOf(needle) - 60);
        hits.push({ title: page.title, path: page.path, snippet: body.slice(at, at + 160) });
      }
    }
    return hits;
  }
}
