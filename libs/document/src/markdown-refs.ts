import type { DocumentToMarkdownOptions } from './document-to-markdown';
import type { ContentRef } from './document.types';

/**
 * The URL to write for each page and file a document references, by id (Git Sync's relative
 * paths): references missing from it keep their text only. Plain data, so it crosses to a
 * worker thread where a resolving function could not.
 */
export interface MarkdownRefs {
  pages?: Record<string, string>;
  files?: Record<string, string>;
  /** The path written in `{% include "…" %}` for each reusable content, by id. */
  reusableContents?: Record<string, string>;
}

/** Where a reference points, by the table; undefined (text only) for another space or a missing id. */
export function resolveFromRefs(ref: ContentRef, refs: MarkdownRefs): string | undefined {
  if (ref.kind === 'url') return ref.url;
  if ('space' in ref && ref.space) return undefined;
  if (ref.kind === 'page') return refs.pages?.[ref.page];
  if (ref.kind === 'anchor') {
    if (!ref.page) return `#${ref.anchor}`;
    const page = refs.pages?.[ref.page];
    return page === undefined ? undefined : `${page}#${ref.anchor}`;
  }
  return ref.kind === 'file' ? refs.files?.[ref.file] : undefined;
}

/** The writer's options for a reference table: its references and its includes. */
export function markdownOptionsFromRefs(refs: MarkdownRefs): DocumentToMarkdownOptions {
  return {
    resolveRef: (ref) => resolveFromRefs(ref, refs),
    includePath: (id) => refs.reusableContents?.[id],
  };
}
