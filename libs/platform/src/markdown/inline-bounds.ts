// Which conversions a MarkdownPool runs on the calling thread. Handing a task to a worker thread
// costs the caller ~100–170 µs of CPU (structured clone both ways, the message, the wake-up),
// more than converting a short comment (~10–50 µs). Hostile input of the same size costs far more,
// so the bounds come from the worst cases measured at them, not from ordinary text. Figures are
// the least CPU time of 40 conversions on this thread, on the shared 2-core machine at load 15–30
// (session 15; a quiet machine is faster):
//
// - Markdown → Document (`toDocument`, and `toPage` without frontmatter), 256 characters: worst
//   0.75–0.99 ms, for runs of `*![` / `![` / `<![` (markdown-it's image and link rules, ~3.2 µs
//   per character, linear: 512 characters 1.7 ms, so the bound is 256). Nested emphasis, delimiter
//   runs, backticks, footnotes, Liquid and HTML blocks and nesting at the 32-level limit cost less.
// - Frontmatter is YAML, which costs more (240 `[` of an unclosed flow sequence: 6 ms; an alias
//   bomb: 1.5 ms), so a page source that opens with `---` always goes to the pool.
// - Document → Markdown (`toMarkdown`), 48 parts and 1,024 characters: worst 0.40–0.53 ms, for
//   leaves of characters to escape under alternating marks, `content-ref` blocks and line breaks
//   in a text (the writer, mdast-util-to-markdown, spends ~10 µs per node and ~19 µs per line
//   break, hence three parts each). At 64 parts the worst was 1.1–1.3 ms.
//
// Everything larger goes to the pool as before, where a conversion's deadline can end it.

import type { MarkdownTask } from './markdown.worker';

export interface InlineBounds {
  /** Longest Markdown source (UTF-16 code units) converted on the calling thread. */
  markdownLength: number;
  /** Most parts (objects, plus three per line break in a string) of a Document written here. */
  documentParts: number;
  /** Most characters of string values in a Document written here. */
  documentChars: number;
}

export const INLINE_BOUNDS: InlineBounds = { markdownLength: 256, documentParts: 48, documentChars: 1024 };

/** Parts a line break inside a string counts: the writer's cost per hard break is ~3 objects'. */
const LINE_BREAK_PARTS = 3;

/** Fields per object a Document may average before the walk gives up (its nodes have about six). */
const VALUES_PER_PART = 16;

/** Whether `task` is small enough to convert on the calling thread; its cost is bounded by `bounds`. */
export function fitsInline(task: MarkdownTask, bounds: InlineBounds): boolean {
  switch (task.kind) {
    case 'document':
      return task.markdown.length <= bounds.markdownLength;
    case 'page':
      return task.markdown.length <= bounds.markdownLength && !task.markdown.startsWith('---');
    case 'markdown':
      return documentWithin(task.document, bounds);
  }
}

/**
 * Whether a Document stays within the bounds, walked iteratively and given up as soon as it does
 * not, so even a huge Document costs this check little (~1 µs for 100,000 blocks; only an object
 * with thousands of fields, which no Document node has, is listed whole by `for…in`).
 */
export function documentWithin(document: unknown, bounds: InlineBounds): boolean {
  let parts = 0;
  let chars = 0;
  // Values looked at, whatever their kind: an object of a Document has a handful of fields.
  let values = 0;
  const maxValues = VALUES_PER_PART * bounds.documentParts;
  const pending: unknown[] = [document];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      chars += value.length;
      if (chars > bounds.documentChars) return false;
      parts += LINE_BREAK_PARTS * lineBreaks(value);
    } else if (Array.isArray(value)) {
      // Checked before listing: a long array (a page's blocks) costs nothing to refuse.
      values += value.length;
      if (values > maxValues) return false;
      pending.push(...(value as unknown[]));
    } else if (typeof value === 'object' && value !== null) {
      parts++;
      for (const key in value) {
        if (++values > maxValues) return false;
        pending.push((value as Record<string, unknown>)[key]);
      }
    }
    if (parts > bounds.documentParts) return false;
  }
  return true;
}

function lineBreaks(text: string): number {
  let count = 0;
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) count++;
  return count;
}
