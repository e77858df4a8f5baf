import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

type OpenApiDoc = { paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, unknown> }>> };

const DOC_ID = 'openapi.json';

/**
 * Checks response bodies against the official OpenAPI document of the API family, so drift from
 * the wire format fails a test at once. Loads the current `@gitbook/api` release; older releases
 * (for operations that only exist there) can be installed under an alias and passed by package name.
 */
export class OpenApiValidator {
  private readonly ajv: Ajv2020;
  private readonly doc: OpenApiDoc;
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(packageName = '@gitbook/api') {
    const path = require.resolve(`${packageName}/spec/openapi.json`);
    this.doc = JSON.parse(readFileSync(path, 'utf8')) as OpenApiDoc;
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    // Vendor formats of the official document whose rules it does not publish: any string passes.
    for (const format of ['emoji', 'icon']) this.ajv.addFormat(format, true);
    this.ajv.addSchema(this.doc, DOC_ID);
  }

  /** Validates a body as the response of `operationId` with `status`; returns readable errors. */
  validate(operationId: string, status: number, body: unknown): string[] {
    const validate = this.validatorFor(operationId, status);
    if (validate(body)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''} ${JSON.stringify(e.params)}`);
  }

  private validatorFor(operationId: string, status: number): ValidateFunction {
    const key = `${operationId}:${status}`;
    const existing = this.compiled.get(key);
    if (existing) return existing;
    const pointer = this.responsePointer(operationId, status);
    const validate = this.ajv.compile({ $ref: `${DOC_ID}#${pointer}` });
    this.compiled.set(key, validate);
    return validate;
  }

  private responsePointer(operationId: string, status: number): string {
    for (const [path, item] of Object.entries(this.doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (operation?.operationId !== operationId) continue;
        const responses = operation.responses ?? {};
        const code = String(status) in responses ? String(status) : 'default';
        let response = responses[code] as { $ref?: string; content?: Record<string, unknown> } | undefined;
        if (!response) throw new Error(`${operationId} documents no ${status} response`);
        let base = `/paths/${escape(path)}/${method}/responses/${code}`;
        if (response.$ref) {
          base = response.$ref.replace(/^#/, '');
          response = resolvePointer(this.doc, base) as typeof response;
        }
        if (!response?.content?.['application/json']) throw new Error(`${operationId} ${status} has no JSON body`);
        return `${base}/content/application~1json/schema`;
      }
    }
    throw new Error(`operation ${operationId} is not in the official document`);
  }
}

const escape = (segment: string): string => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function resolvePointer(doc: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
}
