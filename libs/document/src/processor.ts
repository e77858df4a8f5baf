// Markdown → mdast with markdown-it and a token adapter (markdown-parser.ts, tokens-to-mdast.ts);
// mdast → Markdown with unified's remark-stringify. unified and remark-* are ESM-only: the compiled
// (CommonJS) app loads them through Node's require(esm) (Node >= 20.19), and jest, which cannot,
// transforms them to CommonJS with @swc/jest (see `transformIgnorePatterns` in this app's
// package.json). That keeps the API synchronous, unlike a dynamic import() wrapper.
import type { Root, RootContent } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified, type Processor } from 'unified';
import { pairGitbookBlocks } from './gitbook-blocks';
import { gitbookToMarkdown } from './gitbook-to-markdown';
import { markdownParser } from './markdown-parser';
import { tokensToMdast } from './tokens-to-mdast';

/** Registers the GitBook block writers on a unified processor. */
function remarkGitbook(this: Processor): void {
  (this.data().toMarkdownExtensions ??= []).push(gitbookToMarkdown);
}

const STRINGIFY_OPTIONS: StringifyOptions = {
  // GitBook's own export: `*` bullets, padded tables.
  bullet: '*',
  emphasis: '_',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '*',
  // GitBook's export indents items of loose lists to the next tab stop (`*   item`), tight ones by one space.
  listItemIndent: 'mixed',
  incrementListMarker: true,
  // A link whose text is its URL is written `[url](url)` as GitBook writes it, not as an autolink `<url>`.
  resourceLink: true,
};

// Tables padded to aligned pipes, as GitBook's export writes them.
const writer = unified().use(remarkGfm).use(remarkGitbook).use(remarkStringify, STRINGIFY_OPTIONS);

const unescape = (text: string): string => markdownParser.utils.unescapeAll(text);

function parseFlow(markdown: string): RootContent[] {
  return tokensToMdast(markdownParser.parse(markdown, {}), unescape);
}

/** Markdown → mdast, with GitBook blocks folded into their own node types. */
export function parseMarkdown(markdown: string): Root {
  const tree: Root = { type: 'root', children: parseFlow(markdown) };
  pairGitbookBlocks(tree, (fragment) => parseMarkdown(fragment).children);
  return tree;
}

/**
 * YAML frontmatter as Git Sync writes it: `---` on the first line, the YAML, `---` on a line of
 * its own. Without the closing line it is no frontmatter (the `---` is a divider).
 */
const FRONTMATTER = /^---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)/;

/** Like parseMarkdown, for a page's whole source: leading frontmatter becomes a `yaml` node. */
export function parsePageMarkdown(markdown: string): Root {
  const frontmatter = FRONTMATTER.exec(markdown);
  const tree = parseMarkdown(frontmatter ? markdown.slice(frontmatter[0].length) : markdown);
  if (frontmatter) tree.children.unshift({ type: 'yaml', value: frontmatter[1] ?? '' });
  return tree;
}

export function stringifyMarkdown(tree: Root): string {
  return writer.stringify(tree);
}
