import { HTTP_METHODS, type OpenApiDocument } from './openapi-types';

/** Marks an operation (and a component) that only an older official release has. */
export const RELEASE_EXTENSION = 'x-bindery-official-release';

/**
 * One document from several releases of the official `@gitbook/api` document, newest first:
 * every operation and component of the newest, plus those that only older releases still have
 * (Bindery implements a few operations the current release dropped), marked with the release
 * they come from. A name the newer release has always wins, so an older operation may point at
 * the newer shape of a shared schema: the difference is in fields, never in the route.
 */
export function mergeReleases(releases: { version: string; document: OpenApiDocument }[]): OpenApiDocument {
  const [newest, ...older] = releases;
  if (!newest) throw new Error('no official release to merge');
  const merged = structuredClone(newest.document);
  // The official `info.version` is a placeholder (0.0.1-beta): the package's release says what it is.
  merged.info = { ...merged.info, version: newest.version };
  merged.components ??= {};
  merged.tags ??= [];
  for (const { version, document } of older) {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method];
        if (!operation || merged.paths[path]?.[method]) continue;
        merged.paths[path] ??= {};
        merged.paths[path][method] = { ...structuredClone(operation), [RELEASE_EXTENSION]: version };
      }
    }
    for (const [section, entries] of Object.entries(document.components ?? {})) {
      const target = (merged.components[section] ??= {});
      for (const [name, value] of Object.entries(entries)) if (!(name in target)) target[name] = structuredClone(value);
    }
    for (const tag of document.tags ?? []) if (!merged.tags.some((t) => t.name === tag.name)) merged.tags.push(structuredClone(tag));
  }
  return merged;
}
