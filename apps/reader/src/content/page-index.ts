// A revision's pages indexed for reading: by path, by id, and in reading order (depth first,
// documents only). A hidden page is not published to readers: it is left out of every index, so
// its URL is a 404 like an unknown path.
import type { ReaderPage, SpaceContent } from './content-source';

export interface PageIndex {
  content: SpaceContent;
  byPath: Map<string, ReaderPage>;
  byId: Map<string, ReaderPage>;
  /** Document pages in reading order (previous/next, sitemap, llms.txt). */
  order: ReaderPage[];
  /** The first readable page (the space's landing page). */
  first?: ReaderPage;
}

const indexes = new WeakMap<SpaceContent, PageIndex>();

export function pageIndex(content: SpaceContent): PageIndex {
  let index = indexes.get(content);
  if (!index) {
    index = build(content);
    indexes.set(content, index);
  }
  return index;
}

function build(content: SpaceContent): PageIndex {
  const byPath = new Map<string, ReaderPage>();
  const byId = new Map<string, ReaderPage>();
  const order: ReaderPage[] = [];
  const visit = (pages: ReaderPage[]): void => {
    for (const page of pages) {
      if (page.hidden) continue;
      byId.set(page.id, page);
      if (page.type !== 'link') byPath.set(page.path, page);
      if (page.type === 'document') order.push(page);
      visit(page.pages);
    }
  };
  visit(content.pages);
  return { content, byPath, byId, order, first: order[0] };
}
