// The unified pipelines. unified, remark-* and micromark are ESM-only: the compiled (CommonJS) app
// loads them through Node's require(esm) (Node >= 20.19), and jest, which cannot, transforms them
// to CommonJS with @swc/jest (see `transformIgnorePatterns` in this app's package.json). That keeps
// the API synchronous, unlike a dynamic import() wrapper, and needs no bundling step.
import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkStringify, { type Options as StringifyOptions } from 'remark-stringify';
import { unified, type Processor } from 'unified';
import { pairGitbookBlocks } from './gitbook-blocks';
import { gitbookToMarkdown } from './gitbook-to-markdown';
import { liquidFromMarkdown, liquidSyntax } from './liquid-syntax';

/** Registers the Liquid-line syntax and the GitBook block writers on a unified processor. */
function remarkGitbook(this: Processor): void {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(liquidSyntax);
  (data.fromMarkdownExtensions ??= []).push(liquidFromMarkdown);
  (data.toMarkdownExtensions ??= []).push(gitbookToMarkdown);
}

const STRINGIFY_OPTIONS: StringifyOptions = {
  bullet: '-',
  emphasis: '*',
  strong: '*',
  fence: '`',
  fences: true,
  rule: '-',
  listItemIndent: 'one',
  incrementListMarker: true,
};

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkGitbook);
// A whole page's source may open with YAML frontmatter (a `yaml` node first), as Git Sync writes it.
const pageParser = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm).use(remarkGitbook);
// Unpadded tables: editing one cell must not rewrite every line of the table in diffs.
const writer = unified().use(remarkGfm, { tablePipeAlign: false }).use(remarkGitbook).use(remarkStringify, STRINGIFY_OPTIONS);

/** Markdown → mdast, with GitBook blocks folded into their own node types. */
export function parseMarkdown(markdown: string): Root {
  const tree = parser.parse(markdown);
  pairGitbookBlocks(tree, (fragment) => parseMarkdown(fragment).children);
  return tree;
}

/** Like parseMarkdown, for a page's whole source: leading frontmatter becomes a `yaml` node. */
export function parsePageMarkdown(markdown: string): Root {
  const tree = pageParser.parse(markdown);
  // Blocks inside a page never carry frontmatter of their own.
  pairGitbookBlocks(tree, (fragment) => parseMarkdown(fragment).children);
  return tree;
}

export function stringifyMarkdown(tree: Root): string {
  return writer.stringify(tree);
}
