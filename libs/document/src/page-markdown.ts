import { toString as plainText } from 'mdast-util-to-string';
import { parse as parseYaml, YAMLParseError } from 'yaml';
import type { Document } from './document.types';
import { uniqueKeys, randomKey } from './keys';
import { MarkdownToDocument } from './markdown-to-document';
import { parsePageMarkdown } from './processor';

/** Frontmatter that is not a YAML mapping, or not YAML at all. */
export class FrontmatterError extends Error {}

export interface PageMarkdownOptions {
  /**
   * Take the title from a leading `# heading` when the frontmatter gives none, and remove that
   * heading from the body (Git Sync's convention: the title is the file's first heading).
   */
  titleFromHeading: boolean;
  newKey?: () => string;
}

export interface PageMarkdown {
  document: Document;
  /** The frontmatter's fields as YAML gives them (unvalidated); empty without frontmatter. */
  frontmatter: Record<string, unknown>;
  /** The leading heading's text, when it was taken as the title. */
  headingTitle?: string;
}

// Enough for any real frontmatter; a guard against alias expansion bombs in hostile input.
const MAX_YAML_ALIASES = 20;

/** A page's whole Markdown source: frontmatter, the title heading and the body. */
export function readPageMarkdown(markdown: string, options: PageMarkdownOptions): PageMarkdown {
  const tree = parsePageMarkdown(markdown);
  let frontmatter: Record<string, unknown> = {};
  const first = tree.children[0];
  if (first?.type === 'yaml') {
    frontmatter = parseFrontmatter(first.value);
    tree.children.shift();
  }
  let headingTitle: string | undefined;
  const lead = tree.children[0];
  if (options.titleFromHeading && frontmatter.title === undefined && lead?.type === 'heading' && lead.depth === 1) {
    const text = plainText(lead).trim();
    if (text !== '') {
      headingTitle = text;
      tree.children.shift();
    }
  }
  const newKey = uniqueKeys(options.newKey ?? randomKey);
  const document: Document = { object: 'document', data: {}, nodes: new MarkdownToDocument(newKey).convert(tree.children) };
  return { document, frontmatter, ...(headingTitle !== undefined ? { headingTitle } : {}) };
}

function parseFrontmatter(source: string): Record<string, unknown> {
  let value: unknown;
  try {
    // YAML 1.2 core schema: `yes`/`no` stay strings, so only true/false are booleans.
    value = parseYaml(source, { schema: 'core', maxAliasCount: MAX_YAML_ALIASES, uniqueKeys: true });
  } catch (error) {
    if (error instanceof YAMLParseError) throw new FrontmatterError(`frontmatter is not valid YAML: ${error.message.split('\n')[0]}`);
    throw new FrontmatterError(`frontmatter is not valid YAML: ${(error as Error).message}`);
  }
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new FrontmatterError('frontmatter must be a YAML mapping of field: value');
  return value as Record<string, unknown>;
}
