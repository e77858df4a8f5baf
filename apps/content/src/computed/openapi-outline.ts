/** What generated pages need of a spec: its title, tags, operations and model names, in spec order. */
export interface OpenApiOutline {
  title: string;
  description?: string;
  tags: Array<{ name: string; description?: string; operations: OutlineOperation[] }>;
  models: string[];
}

export interface OutlineOperation {
  path: string;
  method: string;
  summary: string;
  deprecated: boolean;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
/** Where operations without a tag go (GitBook files them the same way). */
export const UNTAGGED = 'default';

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);
const text = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

/**
 * The outline of a bundled OpenAPI document: tags in the order the document lists them, then the
 * tags operations use that it does not list; each tag's operations in path order; an operation
 * under its first tag only (one page per operation, never two).
 */
export function outlineOf(document: unknown): OpenApiOutline {
  const doc = isObject(document) ? document : {};
  const info = isObject(doc.info) ? doc.info : {};
  const tags = new Map<string, { name: string; description?: string; operations: OutlineOperation[] }>();
  const tagOf = (name: string) => {
    let tag = tags.get(name);
    if (!tag) tags.set(name, (tag = { name, operations: [] }));
    return tag;
  };
  for (const tag of Array.isArray(doc.tags) ? doc.tags : []) {
    const name = isObject(tag) ? text(tag.name) : undefined;
    if (!name) continue;
    const description = text((tag as Record<string, unknown>).description);
    tagOf(name).description ??= description;
  }
  for (const [path, item] of Object.entries(isObject(doc.paths) ? doc.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const first = Array.isArray(op.tags) ? op.tags.map(text).find((t) => t !== undefined) : undefined;
      tagOf(first ?? UNTAGGED).operations.push({
        path,
        method,
        summary: text(op.summary) ?? text(op.operationId) ?? `${method.toUpperCase()} ${path}`,
        deprecated: op.deprecated === true,
      });
    }
  }
  const components = isObject(doc.components) ? doc.components : {};
  return {
    title: text(info.title) ?? 'API reference',
    ...(text(info.description) ? { description: text(info.description) } : {}),
    // A listed tag with no operation would be an empty page.
    tags: [...tags.values()].filter((t) => t.operations.length > 0),
    models: Object.keys(isObject(components.schemas) ? components.schemas : {}),
  };
}
