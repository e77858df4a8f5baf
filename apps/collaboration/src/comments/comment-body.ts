import {
  type CommentBody,
  type DocumentFormat,
  type DocumentInput,
  type JsonDocument,
  MAX_COMMENT_MARKDOWN_BYTES,
} from '@bindery/contracts';
import { type Document, documentInputError, markdownInputError } from '@bindery/document';
import { badRequest } from '@bindery/platform';
import type { MarkdownPool } from '@bindery/platform/markdown';

/** A body as stored: the Markdown (as written, or written from the Document) and the Document. */
export interface StoredBody {
  markdown: string;
  document: JsonDocument;
}

/**
 * Turns a body as the API takes it (`{markdown}` or `{document}`) into both forms, converted once
 * at write time with the shared document library so reads never convert: a short body (most
 * comments) on this thread, a longer one on the converter's threads (MarkdownPool's inline
 * bounds). Checked here too (NATS callers other than the gateway exist): not empty, within the
 * Markdown limit, within the library's input limits (nesting, depth, lone surrogates).
 */
export async function toStoredBody(converter: MarkdownPool, input: DocumentInput | undefined, field = 'body'): Promise<StoredBody> {
  if (typeof input !== 'object' || input === null) throw badRequest(`${field}: must be {markdown} or {document}`);
  if ('markdown' in input) {
    const markdown = input.markdown;
    if (typeof markdown !== 'string') throw badRequest(`${field}.markdown: must be a string`);
    checkMarkdown(markdown, `${field}.markdown`);
    const error = markdownInputError(markdown);
    if (error) throw badRequest(`${field}.markdown: ${error}`);
    return { markdown, document: await converter.toDocument(markdown, `${field}.markdown`) };
  }
  if ('document' in input) {
    const document = input.document as unknown as Document;
    const error = documentInputError(document);
    if (error) throw badRequest(`${field}.document: ${error}`);
    const markdown = await converter.toMarkdown(input.document, `${field}.document`);
    checkMarkdown(markdown, `${field}.document`);
    return { markdown, document: input.document };
  }
  throw badRequest(`${field}: must not be empty; give {markdown} or {document}`);
}

function checkMarkdown(markdown: string, field: string): void {
  if (markdown.trim().length === 0) throw badRequest(`${field}: must not be empty`);
  if (Buffer.byteLength(markdown, 'utf8') > MAX_COMMENT_MARKDOWN_BYTES) {
    throw badRequest(`${field}: must be at most ${MAX_COMMENT_MARKDOWN_BYTES / 1024} KB of Markdown`);
  }
}

/** Whether a body in `format` is sent as a Document: Markdown unless a Document is asked for (the spec shows `body{markdown}`). */
export const sendsDocument = (format: DocumentFormat | undefined): boolean => format === 'document';

/** The body in the asked format (`sendsDocument`). */
export function wireBody(body: StoredBody, format: DocumentFormat | undefined): CommentBody {
  return sendsDocument(format) ? { document: body.document } : { markdown: body.markdown };
}
