import type { JsonDocument, PageFields } from '@bindery/contracts';
import { badRequest } from '@bindery/platform';
import { type Document, documentToMarkdown as toMarkdown } from '@bindery/document';
import type { ConvertedPage } from '@bindery/platform/markdown';
import { pageFieldsFromFrontmatter } from './page-frontmatter';

// The wire type of a page body (contracts) is looser than the converter's typed block tree;
// stored bodies come from validated input or from the converter itself, so the two agree.

/** Markdown of a page body (the body only: the title and metadata are fields of the page), on the calling thread. */
export function documentToMarkdown(document: JsonDocument): string {
  return toMarkdown(document as unknown as Document);
}

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
