// Test support: the issue #27 criteria for one GitBook page source, shared by the dev-repository
// spec and the any-folder spec. Schema-valid (as Git Sync stores it), stable (a second round trip
// changes nothing), nothing left as text, and whether the body is written back byte for byte.
import { type DocumentBlock, documentToMarkdown, markdownToDocument, readPageMarkdown, walkDocument } from '../index';
import { isUnconverted } from '../unconverted';
import { documentSchemaErrors, resolvedLikeGitSync } from './document-schema';

export interface PageFidelity {
  schemaErrors: string[];
  unstable: boolean;
  leftAsText: string[];
  identical: boolean;
  /** The body as written back, to diff against the source. */
  written: string;
}

const CONSTRUCT = /\{%\s+[\w@-]|<\/?(mark|picture|source|button|details|summary|table|figure|img)\b/i;

/** Unstyled text of paragraphs that still reads as a GitBook construct, and unconverted-tag code blocks. */
export function constructsLeftAsText(blocks: DocumentBlock[]): string[] {
  return blocks.flatMap((block): string[] => {
    const nested = [
      ...('nodes' in block ? block.nodes : []),
      ...('fragments' in block ? block.fragments.flatMap((fragment) => fragment.nodes) : []),
    ].filter((node): node is DocumentBlock => node.object === 'block');
    if (block.type === 'code' && isUnconverted(block)) {
      const source = block.nodes.map((line) => documentLineText(line)).join('\n');
      return [`[unconverted] ${source.slice(0, 160)}`];
    }
    if (block.type !== 'paragraph') return constructsLeftAsText(nested);
    const text = block.nodes
      .flatMap((node) => (node.object === 'text' ? node.leaves : []))
      .filter((leaf) => !leaf.marks.some((mark) => mark.type === 'code'))
      .map((leaf) => leaf.text)
      .join('');
    return CONSTRUCT.test(text) ? [text.slice(0, 160)] : [];
  });
}

/** Raw HTML the converter kept as an `html` code block: written back fenced where the source had no fence. */
function htmlKeptAsCode(blocks: DocumentBlock[], source: string): string[] {
  const found: string[] = [];
  walkDocument({ object: 'document', data: {}, nodes: blocks }, (node) => {
    if (node.object !== 'block' || node.type !== 'code' || (node.data as { syntax?: string }).syntax !== 'html') return;
    const first = documentLineText((node as DocumentBlock & { nodes: unknown[] }).nodes[0]);
    if (first.startsWith('<') && !source.includes(`\`\`\`html\n${first}`)) found.push(`[html kept as code] ${first.slice(0, 160)}`);
  });
  return found;
}

function documentLineText(line: unknown): string {
  const nodes = (line as { nodes?: Array<{ object: string; leaves?: Array<{ text: string }> }> }).nodes ?? [];
  return nodes
    .flatMap((node) => node.leaves ?? [])
    .map((leaf) => leaf.text)
    .join('');
}

export function pageFidelity(source: string): PageFidelity {
  const { document } = readPageMarkdown(source, { titleFromHeading: true });
  const written = documentToMarkdown(document);
  const twice = documentToMarkdown(markdownToDocument(written));
  return {
    schemaErrors: documentSchemaErrors(resolvedLikeGitSync(document)),
    unstable: twice !== written,
    leftAsText: [...constructsLeftAsText(document.nodes), ...htmlKeptAsCode(document.nodes, source)],
    identical: source.endsWith(written), // the body as written (frontmatter and title heading aside)
    written,
  };
}
