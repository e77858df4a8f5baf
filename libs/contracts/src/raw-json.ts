/**
 * A reply whose body a service has already serialised: the gateway sends `rawJson` as the HTTP
 * body unchanged instead of parsing and re-serialising it. For large, immutable answers (a
 * revision's page tree) that the service caches as text.
 */
export interface RawJson {
  rawJson: string;
}

export const isRawJson = (value: unknown): value is RawJson =>
  typeof value === 'object' && value !== null && typeof (value as Partial<RawJson>).rawJson === 'string' && Object.keys(value).length === 1;
