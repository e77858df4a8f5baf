/**
 * Site-space overrides of a site's customization: a PATCH merges into the overrides held (an
 * object merges key by key, null removes the override so the site's value shows again, anything
 * else replaces); the effective settings are the site's with the overrides laid over them (arrays
 * replace, they do not concatenate).
 */
type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);

/** Objects that are one choice of several shapes (`oneOf`): merging two shapes would make neither. */
const WHOLE = new Set(['favicon', 'logo', 'primaryLink', 'announcement']);
const merges = (key: string, value: unknown): value is Json => isObject(value) && !WHOLE.has(key);

/** The overrides after `patch`; null when none are left. */
export function applyPatch(current: Json | null, patch: Json): Json | null {
  const out: Json = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else if (merges(key, value)) {
      const merged = applyPatch(isObject(out[key]) ? out[key] : null, value);
      if (merged) out[key] = merged;
      else delete out[key];
    } else out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : null;
}

/** `base` with `overrides` laid over it. */
export function overlay(base: Json, overrides: Json | null): Json {
  if (!overrides) return base;
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(overrides))
    out[key] = merges(key, value) && isObject(base[key]) ? overlay(base[key], value) : value;
  return out;
}
