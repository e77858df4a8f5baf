import { parse as parseYaml } from 'yaml';
import { ProcessingError } from './processing-error';

/**
 * Aliases a YAML file may resolve. The library counts an alias by the size of what it expands to,
 * so a "billion laughs" file is refused long before it takes memory.
 */
const MAX_YAML_ALIASES = 100;

export interface ParsedDocument {
  value: unknown;
  format: 'json' | 'yaml';
}

/** Parses one file as JSON (when it looks like JSON) or YAML; a failure is a PARSE_ERROR naming the file. */
export function parseDocument(text: string, location: string): ParsedDocument {
  const body = text.replace(/^\uFEFF/, '');
  if (/^\s*[{[]/.test(body)) {
    try {
      return { value: JSON.parse(body) as unknown, format: 'json' };
    } catch {
      // Not JSON after all: YAML is a superset of JSON's flow style, let its parser say what is wrong.
    }
  }
  try {
    return {
      value: parseYaml(body, { maxAliasCount: MAX_YAML_ALIASES, prettyErrors: true, uniqueKeys: false }) as unknown,
      format: 'yaml',
    };
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    throw ProcessingError.parse(
      /alias/i.test(message)
        ? `too many YAML aliases (refused as a resource exhaustion): ${message}`
        : `not valid JSON or YAML: ${message}`,
      location,
    );
  }
}

/** The entry file must be an object (the document), not a scalar or a list. */
export function parseEntry(text: string, location: string): { document: Record<string, unknown>; format: 'json' | 'yaml' } {
  const parsed = parseDocument(text, location);
  if (parsed.value === null || typeof parsed.value !== 'object' || Array.isArray(parsed.value)) {
    throw ProcessingError.parse('not an OpenAPI or Swagger document (the file is not a JSON or YAML object)', location);
  }
  return { document: parsed.value as Record<string, unknown>, format: parsed.format };
}
