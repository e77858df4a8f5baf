import { readFileSync } from 'node:fs';
import { badRequest } from '@bindery/platform';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Customization bodies checked against the official `@gitbook/api` document itself (OpenAPI 3.1,
 * JSON Schema 2020-12): the site's `SiteCustomizationSettingsInput` and the site space's PATCH
 * body. Colours must match the document's `Color` pattern, enums are the document's, URLs are
 * `format: uri`: a value the document refuses is a 400 naming the field. Compiled once, on first use.
 */
const DOC_ID = 'gitbook-openapi.json';
const SITE_SCHEMA = `${DOC_ID}#/components/schemas/SiteCustomizationSettingsInput`;
const SITE_SPACE_SCHEMA = `${DOC_ID}#/paths/~1orgs~1{organizationId}~1sites~1{siteId}~1site-spaces~1{siteSpaceId}~1customization/patch/requestBody/content/application~1json/schema`;
/** Far above any real customization (links, groups and titles are all bounded by the document). */
export const CUSTOMIZATION_MAX_BYTES = 64 * 1024;

let compiled: { site: ValidateFunction; siteSpace: ValidateFunction } | undefined;

function validators(): { site: ValidateFunction; siteSpace: ValidateFunction } {
  if (compiled) return compiled;
  const doc = JSON.parse(readFileSync(require.resolve('@gitbook/api/spec/openapi.json'), 'utf8')) as object;
  const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
  addFormats(ajv);
  // Vendor formats whose rules the document does not publish: any string passes.
  for (const format of ['emoji', 'icon']) ajv.addFormat(format, true);
  ajv.addSchema(doc, DOC_ID);
  compiled = { site: ajv.compile({ $ref: SITE_SCHEMA }), siteSpace: ajv.compile({ $ref: SITE_SPACE_SCHEMA }) };
  return compiled;
}

/** The site's settings as `SiteCustomizationSettingsInput` requires, or a 400 naming the first bad field. */
export function checkSiteCustomization(body: unknown): Record<string, unknown> {
  return check(body, validators().site);
}

/** A site space's overrides as the official PATCH body requires, or a 400 naming the first bad field. */
export function checkSiteSpaceOverrides(body: unknown): Record<string, unknown> {
  return check(body, validators().siteSpace);
}

function check(body: unknown, validate: ValidateFunction): Record<string, unknown> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest('The customization must be a JSON object');
  if (Buffer.byteLength(JSON.stringify(body)) > CUSTOMIZATION_MAX_BYTES)
    throw badRequest(`The customization must be at most ${CUSTOMIZATION_MAX_BYTES} bytes of JSON`);
  if (!validate(body)) throw badRequest(describe(validate.errors?.[0]));
  return body as Record<string, unknown>;
}

/** `styling.primaryColor.light must match pattern "^#…"`: the field as a dotted path, then the rule. */
export function describe(error: ErrorObject | undefined): string {
  if (!error) return 'The customization is not valid';
  const path = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  const missing = error.keyword === 'required' ? String((error.params as { missingProperty?: string }).missingProperty ?? '') : '';
  const field = [path, missing].filter(Boolean).join('.') || 'customization';
  const rule =
    error.keyword === 'required'
      ? 'is required'
      : error.keyword === 'enum'
        ? `must be one of ${((error.params as { allowedValues?: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}`
        : (error.message ?? 'is not valid');
  return `${field} ${rule}`;
}
