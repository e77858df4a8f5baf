import Ajv, { type ErrorObject } from 'ajv';

/**
 * The visitor schema of a site: a draft-07 JSON Schema of the shape the official
 * `SiteAdaptiveJSONSchema` allows (an object of claims, each a primitive, an array of primitives
 * or a nested object, all with a description; `unsigned` holds the claims a visitor may state
 * itself, booleans only; `additionalProperties: false` everywhere). Checked twice with ajv: against
 * that shape (`SHAPE` below) and as a schema ajv can compile.
 */
const PRIMITIVE = {
  oneOf: [
    {
      type: 'object',
      properties: { type: { const: 'boolean' }, description: { type: 'string' } },
      required: ['type', 'description'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { type: { const: 'string' }, description: { type: 'string' }, enum: { type: 'array', items: { type: 'string' } } },
      required: ['type', 'description'],
      additionalProperties: false,
    },
    {
      type: 'object',
      properties: { type: { const: 'number' }, description: { type: 'string' } },
      required: ['type', 'description'],
      additionalProperties: false,
    },
  ],
};

const SHAPE = {
  $id: 'site-adaptive-json-schema',
  definitions: {
    primitive: PRIMITIVE,
    claim: {
      oneOf: [
        { $ref: '#/definitions/primitive' },
        {
          type: 'object',
          properties: { type: { const: 'array' }, description: { type: 'string' }, items: { $ref: '#/definitions/primitive' } },
          required: ['type', 'description', 'items'],
          additionalProperties: false,
        },
        {
          type: 'object',
          properties: {
            type: { const: 'object' },
            description: { type: 'string' },
            properties: { type: 'object', additionalProperties: { $ref: '#/definitions/claim' } },
            additionalProperties: { const: false },
          },
          required: ['type', 'description', 'properties', 'additionalProperties'],
          additionalProperties: false,
        },
      ],
    },
  },
  type: 'object',
  properties: {
    $schema: { const: 'http://json-schema.org/draft-07/schema#' },
    type: { const: 'object' },
    properties: {
      type: 'object',
      properties: {
        unsigned: {
          type: 'object',
          properties: {
            type: { const: 'object' },
            description: { const: 'Unsigned claims of the site visitor.' },
            properties: {
              type: 'object',
              additionalProperties: {
                type: 'object',
                properties: { type: { const: 'boolean' }, description: { type: 'string' } },
                required: ['type', 'description'],
                additionalProperties: false,
              },
            },
            additionalProperties: { const: false },
          },
          required: ['type', 'description', 'properties', 'additionalProperties'],
          additionalProperties: false,
        },
      },
      additionalProperties: { $ref: '#/definitions/claim' },
    },
    additionalProperties: { const: false },
  },
  required: ['type', 'properties', 'additionalProperties'],
  additionalProperties: false,
};

const ajv = new Ajv({ allErrors: false, strict: false });
const checkShape = ajv.compile(SHAPE);

/** An empty visitor schema: what a site has until one is set. */
export const EMPTY_ADAPTIVE_SCHEMA: Record<string, unknown> = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {},
  additionalProperties: false,
};

const describe = (error: ErrorObject): string => {
  const at = `jsonSchema${error.instancePath.replace(/\//g, '.')}`;
  return `${at} ${error.message ?? 'is invalid'}${error.params && 'allowedValue' in error.params ? ` (${JSON.stringify(error.params.allowedValue)})` : ''}`;
};

/** Undefined when the schema is acceptable, else what is wrong (field path and rule). */
export function adaptiveSchemaProblem(schema: unknown): string | undefined {
  if (!checkShape(schema)) {
    // The deepest error names the precise field; oneOf's summary errors are less helpful.
    const errors = [...(checkShape.errors ?? [])].sort((a, b) => b.instancePath.length - a.instancePath.length);
    return describe(errors[0]);
  }
  try {
    new Ajv({ strict: false }).compile(schema as object);
  } catch (error) {
    return `jsonSchema is not a valid JSON Schema: ${(error as Error).message}`;
  }
  return undefined;
}

type Claim = { type: string; description?: string; enum?: string[]; properties?: Record<string, Claim> };

/** Suggested conditions for the claims a schema declares (`listSiteAdaptiveTemplateConditions`). */
export function templateConditions(schema: Record<string, unknown>): Array<{ description: string; condition: string }> {
  const items: Array<{ description: string; condition: string }> = [];
  const visit = (properties: Record<string, Claim>, path: string): void => {
    for (const [name, claim] of Object.entries(properties)) {
      const ref = /^[A-Za-z_$][\w$]*$/.test(name) ? `${path}.${name}` : `${path}[${JSON.stringify(name)}]`;
      const about = claim.description || name;
      if (claim.type === 'boolean') items.push({ description: about, condition: `${ref} == true` });
      else if (claim.type === 'string' && claim.enum)
        for (const value of claim.enum) items.push({ description: `${about}: ${value}`, condition: `${ref} == ${JSON.stringify(value)}` });
      else if (claim.type === 'number') items.push({ description: about, condition: `${ref} > 0` });
      else if (claim.type === 'object' && claim.properties) visit(claim.properties, ref);
    }
  };
  visit((schema.properties as Record<string, Claim>) ?? {}, 'visitor.claims');
  return items;
}

/** The unsigned claims a visitor stated that the schema declares (booleans only); others dropped. */
export function allowedUnsignedClaims(
  schema: Record<string, unknown> | null,
  unsigned: Record<string, unknown> | undefined,
): Record<string, boolean> {
  const declared = (schema?.properties as Record<string, Claim> | undefined)?.unsigned?.properties ?? {};
  const out: Record<string, boolean> = {};
  if (!unsigned || typeof unsigned !== 'object') return out;
  for (const [name, claim] of Object.entries(declared)) {
    const value = Object.hasOwn(unsigned, name) ? unsigned[name] : undefined;
    if (claim.type === 'boolean' && typeof value === 'boolean') out[name] = value;
  }
  return out;
}
