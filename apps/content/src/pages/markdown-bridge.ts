import type { JsonDocument, PageFields } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import type { ConvertedPage } from '@bindery/platform/markdown';
import { pageFieldsFromFrontmatter } from './page-frontmatter';

// Document ⇄ Markdown itself runs on the service's MarkdownPool (worker threads), never here on
// the event loop.

export interface MarkdownPage {
  document: JsonDocument;
  /** Page metadata the source sets: its frontmatter, and the title its leading heading gives. */
  fields: PageFields;
}

/**
 * A page from its converted Markdown source (`MarkdownPool.toPage`). With `titleFromHeading`
 * (a new page), a leading `# heading` is the title when the frontmatter has none, and leaves the
 * body, so the title is not repeated. `field` names the markdown in errors.
 */
export function markdownPage(read: ConvertedPage, field: string): MarkdownPage {
  const fields = pageFieldsFromFrontmatter(read.frontmatter, field);
  if (read.headingTitle !== undefined) {
    if (read.headingTitle.length > 255)
      throw badRequest(`${field}: the leading heading, used as the title, must be at most 255 characters`);
    fields.title = read.headingTitle;
  }
  return { document: read.document, fields };
}
