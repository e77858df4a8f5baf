import { createHash } from 'node:crypto';
import { bundle } from '@apidevtools/json-schema-ref-parser';
import { parseDocument, parseEntry } from './parse-document';
import { ProcessingError } from './processing-error';
import { checkRefCycles } from './ref-cycles';
import { type Fetcher, type FetchLimits, type SourceFile, SpecFiles } from './spec-files';
import { validateDocument } from './validate-document';

/** Where a spec given as text "lives", so that relative `$ref`s resolve (to files it may not have). */
const TEXT_BASE = 'http://text.invalid/openapi';
/** Files a `$ref` names that are documents; any other (a code sample, Markdown) is inlined as text. */
const DOCUMENT_EXTENSIONS = new Set(['', '.json', '.yaml', '.yml']);

export interface SpecSourceToProcess {
  url: string | null;
  text: string | null;
  /** For a refresh: every file of the last processing with its validators (each asked for conditionally). */
  known?: SourceFile[];
}

export type ProcessResult =
  | { notModified: true; files: SourceFile[] }
  | {
      notModified: false;
      /** Every file fetched (the entry first), with the validators the next refresh sends. */
      files: SourceFile[];
      raw: { text: string; format: 'json' | 'yaml'; hash: string };
      /** The bundled document as JSON text (every external `$ref` inlined) and its hash. */
      bundled: { json: string; hash: string };
      etag?: string;
      lastModified?: string;
    };

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/**
 * Fetches, parses, bundles and validates one spec: the whole pipeline, free of the framework.
 * Throws a `ProcessingError` saying what failed and whether trying again may help.
 */
export async function processSpec(source: SpecSourceToProcess, limits: FetchLimits, fetcher?: Fetcher): Promise<ProcessResult> {
  let files = new SpecFiles(limits, source.url ?? undefined, fetcher);
  let text: string;
  let etag: string | undefined;
  let lastModified: string | undefined;
  if (source.url && source.known && source.known.length > 0) {
    // A refresh: nothing is processed again when no file changed.
    const unchanged = await files.revalidate(source.known);
    if (unchanged) return { notModified: true, files: unchanged };
    files = new SpecFiles(limits, source.url, fetcher);
  }
  if (source.url) {
    const fetched = await files.entry();
    text = fetched.bytes.toString('utf8');
    ({ etag, lastModified } = fetched);
  } else {
    text = source.text!;
  }
  const entryUrl = source.url ?? TEXT_BASE;
  const { document, format } = parseEntry(text, source.url ?? 'source.text');
  const { json, bundled } = await bundleDocument(entryUrl, document, files, limits);
  validateDocument(bundled);
  return {
    notModified: false,
    files: files.fetched,
    raw: { text, format, hash: sha256(text) },
    bundled: { json, hash: sha256(json) },
    ...(etag ? { etag } : {}),
    ...(lastModified ? { lastModified } : {}),
  };
}

/** Inlines every external `$ref` (files fetched through `files`), leaving internal pointers; the document and its JSON text. */
async function bundleDocument(
  entryUrl: string,
  document: Record<string, unknown>,
  files: SpecFiles,
  limits: FetchLimits,
): Promise<{ json: string; bundled: Record<string, unknown> }> {
  // The resolver's own error wins over the library's wrapping of it.
  let failure: ProcessingError | undefined;
  let bundled: Record<string, unknown>;
  try {
    bundled = await bundle(entryUrl, document, {
      resolve: {
        file: false,
        http: false,
        guarded: {
          order: 1,
          canRead: true,
          read: (file: { url: string }) =>
            files.referenced(file.url).catch((error: unknown) => {
              if (error instanceof ProcessingError) failure ??= error;
              throw error;
            }),
        },
      },
      parse: {
        json: false,
        yaml: false,
        text: false,
        binary: false,
        spec: {
          order: 1,
          canParse: true,
          allowEmpty: true,
          parse: (file: { url: string; extension: string; data: string | Buffer }) => {
            const content = typeof file.data === 'string' ? file.data : file.data.toString('utf8');
            if (!DOCUMENT_EXTENSIONS.has(file.extension)) return content;
            try {
              return parseDocument(content, file.url).value;
            } catch (error) {
              if (error instanceof ProcessingError) failure ??= error;
              throw error;
            }
          },
        },
      },
      timeoutMs: limits.timeoutMs,
    });
  } catch (error) {
    if (failure) throw failure;
    throw ProcessingError.parse(`could not resolve a $ref: ${(error as Error).message.split('\n')[0]}`);
  }
  checkRefCycles(bundled);
  const json = JSON.stringify(bundled);
  if (Buffer.byteLength(json) > limits.maxBytes) {
    throw ProcessingError.parse(`the bundled document is larger than ${limits.maxBytes} bytes, the most accepted`);
  }
  return { json, bundled };
}
