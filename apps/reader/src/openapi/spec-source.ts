// OpenAPI specs that pages reference (API reference blocks), by organization and slug. The sites
// service holds them (processed, bundled, versioned); the reader only reads the newest version.

/** A bundled OpenAPI document (3.x or Swagger 2), read defensively: it comes from outside. */
export type OpenApiDoc = Record<string, unknown>;

export interface LoadedSpec {
  /** Content hash of the version: part of the cache key of every page that shows it. */
  hash: string;
  doc: OpenApiDoc;
}

export interface SpecSource {
  /** The newest processed version of the organization's spec `slug`, or null when there is none. */
  spec(organizationId: string, slug: string): Promise<LoadedSpec | null>;
}

/** Specs held in memory (tests, bench). */
export class MemorySpecSource implements SpecSource {
  constructor(private readonly specs: Record<string, LoadedSpec> = {}) {}

  put(organizationId: string, slug: string, spec: LoadedSpec): void {
    this.specs[`${organizationId}/${slug}`] = spec;
  }

  spec(organizationId: string, slug: string): Promise<LoadedSpec | null> {
    return Promise.resolve(this.specs[`${organizationId}/${slug}`] ?? null);
  }
}
