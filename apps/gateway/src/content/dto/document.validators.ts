import { ValidateBy, type ValidationOptions } from 'class-validator';
import { jsonLengthAtMost } from '../../common/json-size';

/** Largest Markdown text or JSON document accepted for one page body. */
export const MAX_DOCUMENT_CHARS = 1_000_000;

/** Shape of the spec's Document: `{object: "document", data: {...}, nodes: [...]}`. */
export function isJsonDocument(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const doc = value as Record<string, unknown>;
  const data = doc.data;
  return (
    doc.object === 'document' &&
    typeof data === 'object' &&
    data !== null &&
    !Array.isArray(data) &&
    Array.isArray(doc.nodes) &&
    doc.nodes.every(
      (n) =>
        typeof n === 'object' &&
        n !== null &&
        (n as { object?: unknown }).object === 'block' &&
        typeof (n as { type?: unknown }).type === 'string',
    ) &&
    // Measured without serialising it again unless it may be near the limit (json-size.ts).
    jsonLengthAtMost(doc, MAX_DOCUMENT_CHARS)
  );
}

/** A page body as a change gives it: `{markdown}`, `{document}` or `{}`. */
export function isDocumentInput(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const input = value as Record<string, unknown>;
  const keys = Object.keys(input);
  if (keys.length === 0) return true;
  if (keys.length !== 1) return false;
  if (keys[0] === 'markdown') return typeof input.markdown === 'string' && input.markdown.length <= MAX_DOCUMENT_CHARS;
  return keys[0] === 'document' && isJsonDocument(input.document);
}

export const IsJsonDocument = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isJsonDocument',
      validator: {
        validate: isJsonDocument,
        defaultMessage: () => '$property must be a document {object: "document", data, nodes: [blocks]}',
      },
    },
    options,
  );

export const IsDocumentInput = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isDocumentInput',
      validator: {
        validate: isDocumentInput,
        defaultMessage: () => '$property must be {markdown: string}, {document: Document} or {} (at most 1 MB)',
      },
    },
    options,
  );
