import { HTTP_METHODS, type HttpMethod, type OpenApiDocument, type Operation, type PathItem, type RegisteredRoute } from './openapi-types';

/** The official document's paths are relative to `{host}/v1`; routes outside it (probes) set their own server. */
export const API_PREFIX = '/v1';

/** What Bindery adds to the official document (`bindery-additions.ts`). */
export interface Additions {
  /** Bindery-only operations, by path relative to `/v1` (or to the root when the path item sets `servers`). */
  paths: Record<string, PathItem>;
  components: Record<string, Record<string, unknown>>;
  tags: { name: string; description?: string }[];
  /** Added to every authenticated POST (the idempotency header). */
  postParameters: unknown[];
  /** Added to every rate-limited operation (the 429 answer). */
  rateLimitedResponses: Record<string, unknown>;
  /** Fields Bindery accepts beyond an official schema, by that schema's name. */
  schemaExtensions?: Record<string, SchemaExtension>;
  /**
   * Bindery-only members of an official discriminated union (`oneOf`), by the union's name: each
   * discriminator value and the schema (of `components`) it names.
   */
  unionMembers?: Record<string, Record<string, string>>;
}

/**
 * Bindery-only properties of an official object schema: appended to its `allOf`, marked
 * `x-bindery-extension`, and `optional` removed from what the official parts require.
 */
export interface SchemaExtension {
  description: string;
  properties: Record<string, unknown>;
  optional?: string[];
}

export interface BuildOptions {
  /** Where the API is served (`https://docs.example.com`), or '' for a document relative to its host. */
  baseUrl: string;
}

export interface BuiltDocument {
  document: OpenApiDocument;
  /** Registered routes that neither the official document nor the additions describe. */
  undocumented: string[];
  /** Operations of the additions that no registered route serves. */
  unregistered: string[];
}

/**
 * The OpenAPI document of what this gateway implements: the official operations whose method and
 * path template a registered route has, Bindery's additions, and only the components they reach.
 * Matching ignores parameter names (`:commentReplyId` and `{replyId}` are one route). Also says
 * which routes are undocumented and which additions are not served: the coverage test wants both empty.
 */
export function buildApiDocument(
  official: OpenApiDocument,
  additions: Additions,
  routes: RegisteredRoute[],
  options: BuildOptions,
): BuiltDocument {
  const officialOps = indexOperations(official.paths, false);
  const addedOps = indexOperations(additions.paths, true);
  const paths: Record<string, PathItem> = {};
  const undocumented: string[] = [];
  const served = new Set<string>();
  for (const route of uniqueRoutes(routes)) {
    const key = routeKey(route);
    const found = addedOps.get(key) ?? officialOps.get(key);
    if (!found) {
      undocumented.push(`${route.method} ${route.path}`);
      continue;
    }
    served.add(key);
    const item = (paths[found.path] ??= found.servers
      ? { servers: found.servers.map((s) => ({ ...s, url: options.baseUrl + s.url })) }
      : {});
    item[found.method] = decorate(structuredClone(found.operation), route, additions);
  }
  const unregistered = [...addedOps].filter(([key]) => !served.has(key)).map(([, op]) => `${op.method.toUpperCase()} ${op.path}`);
  const document: OpenApiDocument = {
    openapi: '3.1.0',
    info: {
      title: 'Bindery API',
      version: official.info.version,
      description:
        'The operations of the GitBook API that this Bindery server implements (from the official `@gitbook/api` document; ' +
        'operations marked `x-bindery-official-release` come from that older release), and Bindery’s own additions ' +
        '(tag `bindery`, the `Idempotency-Key` header on POST, rate limits). Authenticate with an API token: `Authorization: Bearer bdy_…`.',
    },
    servers: [{ url: `${options.baseUrl}${API_PREFIX}` }],
    security: [{ user: [] }],
    paths: sortKeys(paths),
    components: {},
  };
  const components = { ...mergeSections(official.components ?? {}, additions.components) };
  for (const [name, extension] of Object.entries(additions.schemaExtensions ?? {}))
    if (components.schemas?.[name]) components.schemas[name] = extendSchema(components.schemas[name], extension);
  for (const [name, members] of Object.entries(additions.unionMembers ?? {}))
    if (components.schemas?.[name]) components.schemas[name] = extendUnion(components.schemas[name], members);
  // `user` is the bearer scheme of the official document: the one Bindery speaks.
  document.components = pruneComponents(document, components, ['user']);
  const used = new Set(Object.values(paths).flatMap((item) => HTTP_METHODS.flatMap((m) => item[m]?.tags ?? [])));
  document.tags = [...(official.tags ?? []), ...additions.tags]
    .filter((tag) => used.has(tag.name))
    .map((tag) => (typeof tag.description === 'string' ? { ...tag, description: withoutTemplateTags(tag.description) } : tag));
  return { document, undocumented, unregistered };
}

interface IndexedOperation {
  path: string;
  method: HttpMethod;
  operation: Operation;
  servers?: { url: string }[];
}

function indexOperations(paths: Record<string, PathItem>, honourServers: boolean): Map<string, IndexedOperation> {
  const index = new Map<string, IndexedOperation>();
  for (const [path, item] of Object.entries(paths)) {
    const servers = honourServers ? item.servers : undefined;
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      // Path-level parameters belong to each operation once the item is split by method.
      const merged = item.parameters ? { ...operation, parameters: [...item.parameters, ...(operation.parameters ?? [])] } : operation;
      index.set(`${method.toUpperCase()} ${servers ? '' : API_PREFIX}${template(path)}`, { path, method, operation: merged, servers });
    }
  }
  return index;
}

/** `GET /v1/orgs/{}`: method and path template with parameter names erased. */
function routeKey(route: RegisteredRoute): string {
  return `${route.method.toUpperCase()} ${template(route.path)}`;
}

const template = (path: string): string =>
  path
    .split('/')
    // A trailing `*` (a parameter with slashes, such as a page path) is a parameter too.
    .map((segment) => (/^(:.+|\{.+\}|\*)$/.test(segment) ? '{}' : segment))
    .join('/')
    .replace(/\/+$/, '') || '/';

function uniqueRoutes(routes: RegisteredRoute[]): RegisteredRoute[] {
  const seen = new Map<string, RegisteredRoute>();
  for (const route of routes) seen.set(`${route.method} ${route.path}`, route);
  return [...seen.values()].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}

/** What the route itself tells: public or not, idempotency header, rate-limit answer. */
function decorate(operation: Operation, route: RegisteredRoute, additions: Additions): Operation {
  if (route.isPublic) operation.security = [];
  else delete operation.security; // the official per-operation schemes (integrations, staff) do not exist here
  if (route.method === 'POST' && !route.isPublic) operation.parameters = [...(operation.parameters ?? []), ...additions.postParameters];
  if (route.rateLimited) operation.responses = { ...operation.responses, ...additions.rateLimitedResponses };
  return operation;
}

function extendSchema(schema: unknown, extension: SchemaExtension): Record<string, unknown> {
  const optional = new Set(extension.optional ?? []);
  const relax = (part: unknown): unknown => {
    if (!part || typeof part !== 'object' || !Array.isArray((part as { required?: unknown }).required)) return part;
    const required = (part as { required: string[] }).required.filter((name) => !optional.has(name));
    return { ...part, required };
  };
  const base = relax(structuredClone(schema)) as Record<string, unknown>;
  const parts = Array.isArray(base.allOf) ? base.allOf.map(relax) : [];
  return {
    ...base,
    allOf: [
      ...parts,
      { type: 'object', description: extension.description, 'x-bindery-extension': true, properties: extension.properties },
    ],
  };
}

function extendUnion(schema: unknown, members: Record<string, string>): Record<string, unknown> {
  const base = structuredClone(schema) as { oneOf?: unknown[]; discriminator?: { mapping?: Record<string, string> } };
  const refs = Object.fromEntries(Object.entries(members).map(([value, name]) => [value, `#/components/schemas/${name}`]));
  return {
    ...base,
    oneOf: [...(base.oneOf ?? []), ...Object.values(refs).map(($ref) => ({ $ref }))],
    ...(base.discriminator ? { discriminator: { ...base.discriminator, mapping: { ...base.discriminator.mapping, ...refs } } } : {}),
  };
}

function mergeSections(
  base: Record<string, Record<string, unknown>>,
  extra: Record<string, Record<string, unknown>>,
): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const section of new Set([...Object.keys(base), ...Object.keys(extra)])) out[section] = { ...base[section], ...extra[section] };
  return out;
}

/** Only the components the document reaches through `$ref`s (transitively), plus the named security schemes. */
function pruneComponents(
  document: OpenApiDocument,
  components: Record<string, Record<string, unknown>>,
  securitySchemes: string[],
): Record<string, Record<string, unknown>> {
  const kept: Record<string, Record<string, unknown>> = {};
  const pending: unknown[] = [document.paths];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const node = pending.pop();
    if (Array.isArray(node)) {
      pending.push(...(node as unknown[]));
    } else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/')) {
          if (seen.has(value)) continue;
          seen.add(value);
          const [section, name] = value.slice('#/components/'.length).split('/').map(unescapePointer);
          const target = components[section]?.[name];
          if (target === undefined) continue;
          (kept[section] ??= {})[name] = target;
          pending.push(target);
        } else if (typeof value === 'object') {
          pending.push(value);
        }
      }
    }
  }
  for (const name of securitySchemes) {
    const scheme = components.securitySchemes?.[name];
    if (scheme) (kept.securitySchemes ??= {})[name] = scheme;
  }
  return Object.fromEntries(Object.entries(kept).map(([section, entries]) => [section, sortKeys(entries)]));
}

/** GitBook's own docs embed Liquid blocks (`{% openapi-schemas … %}…{% endopenapi-schemas %}`) in tag descriptions. */
const withoutTemplateTags = (text: string): string =>
  text
    .replace(/\{%\s*openapi-schemas[\s\S]*?endopenapi-schemas\s*%\}/g, '')
    .replace(/\{%[\s\S]*?%\}/g, '')
    .trim();

const unescapePointer = (part: string): string => part.replace(/~1/g, '/').replace(/~0/g, '~');

function sortKeys<T>(record: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => a.localeCompare(b)));
}
