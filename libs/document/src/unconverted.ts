// A GitBook tag this library has no block for (`{% foo %}`, a stray `{% endhint %}`, a block that
// does not read) is never dropped nor left as prose: it becomes a code block of its source, titled
// with a note, and the writer puts that source back verbatim, so the file round-trips unchanged.
import type { CodeBlock } from './document.types';

export const UNCONVERTED_NOTE = 'GitBook block not converted, kept as written';
export const UNCONVERTED_SYNTAX = 'markdown';

export function isUnconverted(block: CodeBlock): boolean {
  return block.data.title === UNCONVERTED_NOTE && block.data.syntax === UNCONVERTED_SYNTAX;
}
