import type { SiteRef } from './sites';

/** The site's visitor schema (draft-07 JSON Schema of the official SiteAdaptiveJSONSchema shape). */
export interface SiteAdaptiveSchema {
  object: 'site-adaptive-schema';
  jsonSchema: Record<string, unknown>;
  updatedAt: string;
}
export interface AdaptiveSchemaPutInput extends SiteRef {
  jsonSchema: Record<string, unknown>;
}
export interface AdaptiveTemplateConditions {
  items: Array<{ description: string; condition: string }>;
}
