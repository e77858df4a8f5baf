// Test support: validates documents against the official OpenAPI document's `Document` schema.
// `Document` there is the request shape (Markdown, `{document}` or empty); the JSON variant wraps
// the tree under `document`, so trees are checked as `{document: tree}`.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { Document } from '../document.types';

let validate: ValidateFunction | undefined;

function validator(): ValidateFunction {
  if (validate) return validate;
  const spec = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8')) as {
    components: { schemas: Record<string, { additionalProperties?: Record<string, unknown> }> };
  };
  // `PlainObject` (an integration block's `props`) lists itself among the `oneOf` of its values,
  // with no `type`: every string or number then matches two branches and no props could be
  // valid. Read as `anyOf`, which is what the definition means; nothing else is relaxed.
  const plain = spec.components.schemas.PlainObject?.additionalProperties;
  if (plain?.oneOf) {
    plain.anyOf = plain.oneOf;
    delete plain.oneOf;
  }
  // `DocumentInlineButton.data` is `allOf: [{label, kind, icon}, oneOf: [{ref}, {action}]]` with
  // `additionalProperties: false` on each branch: a branch sees `label` as extra, so no button could
  // be valid. The branches mean "a ref or an action"; only their additionalProperties is dropped.
  const button = spec.components.schemas.DocumentInlineButton as { properties?: { data?: { allOf?: Array<{ oneOf?: object[] }> } } };
  for (const part of button?.properties?.data?.allOf ?? [])
    for (const branch of part.oneOf ?? []) delete (branch as { additionalProperties?: unknown }).additionalProperties;
  const ajv = new Ajv2020({ strict: false, allErrors: false });
  addFormats(ajv);
  ajv.addFormat('icon', true); // An icon name; the document defines no syntax for it.
  ajv.addSchema(spec, 'openapi.json');
  validate = ajv.compile({ $ref: 'openapi.json#/components/schemas/Document' });
  return validate;
}

/** Readable schema errors for a document tree; empty when it is valid. */
export function documentSchemaErrors(document: Document): string[] {
  const check = validator();
  if (check({ document })) return [];
  // oneOf reports every failed branch; the JSON-document branch's errors are the informative ones.
  const errors = (check.errors ?? []).filter((error) => error.instancePath.startsWith('/document'));
  return errors.slice(0, 20).map((error) => `${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
}

/**
 * Relative URL references made page or file references, as Git Sync stores them (a URL reference
 * in a table record matches two branches of the official `oneOf`, so only resolved ones validate).
 */
export function resolvedLikeGitSync(document: Document): Document {
  return JSON.parse(JSON.stringify(document), (_name, value: unknown) => {
    const ref = value as { kind?: string; url?: string } | null;
    if (ref?.kind !== 'url' || typeof ref.url !== 'string' || /^[a-z][a-z0-9+.-]*:|^#/i.test(ref.url)) return value;
    return /(\.md|\/)(#|$)/i.test(ref.url) ? { kind: 'page', page: ref.url } : { kind: 'file', file: ref.url };
  }) as Document;
}
