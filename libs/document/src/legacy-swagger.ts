// The legacy hand-written API block: `{% swagger method path baseUrl summary %}` with its
// `swagger-description`, `swagger-parameter` and `swagger-response` parts. The official document
// has one block for an API operation, `DocumentBlockOpenAPI` (type `swagger`), pointing at an
// operation of an OpenAPI specification by a file or a URL. The operation written in the tags is
// that specification, so it becomes a one-operation OpenAPI 3 document carried in the block's own
// `data:` URL: readers render it like any other operation, and nothing depends on a file elsewhere.
// Each part keeps its tag's attributes, body and position in `x-gitbook-*` extensions, so that
// the block is written back as the same tags, in the same order (see `legacySwaggerMarkdown`).
import type { BlockContent } from 'mdast';
import type { OpenApiBlock } from './document.types';
import type { LiquidBlockNode } from './gitbook-mdast';
import { formatTag } from './liquid-tags';

/** The media type of the specification in the block's URL (the OpenAPI initiative's registered one). */
export const INLINE_SPEC_PREFIX = 'data:application/vnd.oai.openapi+json;charset=utf-8,';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const PARAMETER_LOCATIONS = new Set(['path', 'query', 'header', 'cookie']);
const SCHEMA_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'array', 'object']);
/** `swagger-parameter in="body"` (or `formData`): a property of the request body, not an OpenAPI parameter. */
const BODY_MEDIA_TYPE = { body: 'application/json', formdata: 'multipart/form-data' } as const;

type Attributes = Record<string, string>;

/** What every part keeps to be written back as written. */
interface Written {
  'x-gitbook-attributes': Attributes;
  'x-gitbook-body': string;
  'x-gitbook-position': number;
}

interface Schema extends Partial<Written> {
  type?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
}

interface Parameter extends Written {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema: Schema;
}

interface Response extends Written {
  description: string;
  content?: Record<string, { example: string }>;
}

interface Operation {
  summary?: string;
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, Response>;
  'x-gitbook-description'?: { 'x-gitbook-attributes': Attributes; 'x-gitbook-position': number };
}

export interface InlineSpec {
  openapi: '3.0.3';
  info: { title: string; version: string };
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  'x-gitbook-attributes': Attributes;
}

/**
 * The `swagger` block of a hand-written `{% swagger %}`, or `'as-source'` when it holds anything
 * but its parts (or two responses for one status, two body properties of one name): then no
 * specification says what it says. `markdown` writes a part's body back to Markdown.
 */
export function legacySwaggerBlock(
  node: LiquidBlockNode,
  key: string,
  markdown: (children: BlockContent[]) => string,
): OpenApiBlock | 'as-source' {
  const { summary, baseUrl } = node.attributes;
  // GitBook let the path be empty (`path=""`, the whole URL in `baseUrl`); a specification's path
  // key cannot be, so it is `/` there, and the tag keeps its attributes as written.
  const path = node.attributes.path === '' ? '/' : node.attributes.path;
  const method = node.attributes.method?.toLowerCase();
  if (!path || !method || !METHODS.has(method)) return 'as-source';
  const operation: Operation = { ...(summary ? { summary } : {}), responses: {} };
  for (const [position, part] of node.children.entries()) {
    if (part.type !== 'liquidBlock') return 'as-source';
    const written: Written = {
      'x-gitbook-attributes': part.attributes,
      'x-gitbook-body': markdown(part.children),
      'x-gitbook-position': position,
    };
    if (!addPart(operation, part.name, written)) return 'as-source';
  }
  const spec: InlineSpec = {
    openapi: '3.0.3',
    info: { title: summary || `${method.toUpperCase()} ${path}`, version: '1.0.0' },
    ...(baseUrl ? { servers: [{ url: baseUrl }] } : {}),
    paths: { [path]: { [method]: operation } },
    'x-gitbook-attributes': node.attributes,
  };
  return {
    object: 'block',
    type: 'swagger',
    key,
    isVoid: true,
    data: { ref: { kind: 'url', url: INLINE_SPEC_PREFIX + encodeURIComponent(JSON.stringify(spec)) }, path, method },
  };
}

function addPart(operation: Operation, name: string, written: Written): boolean {
  const attributes = written['x-gitbook-attributes'];
  const body = written['x-gitbook-body'];
  switch (name) {
    case 'swagger-description':
      if (operation['x-gitbook-description']) return false;
      if (body) operation.description = body;
      operation['x-gitbook-description'] = {
        'x-gitbook-attributes': attributes,
        'x-gitbook-position': written['x-gitbook-position'],
      };
      return true;
    case 'swagger-parameter':
      return addParameter(operation, attributes, body, written);
    case 'swagger-response': {
      const [, code = 'default', reason = ''] = /^\s*(\d{3}|default)?\s*:?\s*(.*)$/i.exec(attributes.status ?? '') ?? [];
      if (operation.responses[code]) return false;
      const example = onlyCode(body);
      operation.responses[code] = {
        description: attributes.description || reason.trim(),
        ...(example === undefined ? {} : { content: { 'application/json': { example } } }),
        ...written,
      };
      return true;
    }
    default:
      return false;
  }
}

function addParameter(operation: Operation, attributes: Attributes, body: string, written: Written): boolean {
  const name = attributes.name ?? '';
  const location = (attributes.in ?? 'query').toLowerCase();
  const type = attributes.type?.toLowerCase();
  const schema: Schema = type && SCHEMA_TYPES.has(type) ? { type } : {};
  const required = attributes.required === 'true';
  if (PARAMETER_LOCATIONS.has(location)) {
    (operation.parameters ??= []).push({
      name,
      in: location,
      ...(required || location === 'path' ? { required: true } : {}),
      ...(body ? { description: body } : {}),
      schema,
      ...written,
    });
    return true;
  }
  const mediaType = BODY_MEDIA_TYPE[location as keyof typeof BODY_MEDIA_TYPE] ?? BODY_MEDIA_TYPE.body;
  const content = ((operation.requestBody ??= { content: {} }).content[mediaType] ??= { schema: { type: 'object', properties: {} } });
  const properties = (content.schema.properties ??= {});
  if (Object.hasOwn(properties, name)) return false;
  properties[name] = { ...schema, ...(body ? { description: body } : {}), ...written };
  if (required) (content.schema.required ??= []).push(name);
  return true;
}

/** The text of a body that is one fenced code block (a response example), else undefined. */
function onlyCode(body: string): string | undefined {
  const fence = /^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n?\1\s*$/.exec(body);
  return fence ? fence[2] : undefined;
}

/** The specification of a block built by `legacySwaggerBlock`, or undefined for any other URL. */
export function inlineSpec(url: string): InlineSpec | undefined {
  if (!url.startsWith(INLINE_SPEC_PREFIX)) return undefined;
  try {
    const spec = JSON.parse(decodeURIComponent(url.slice(INLINE_SPEC_PREFIX.length))) as InlineSpec;
    return spec && typeof spec === 'object' && spec.paths && typeof spec.paths === 'object' ? spec : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The block's `{% swagger %}` as GitBook writes it: each part's tags around its body, parts in
 * their first order, a blank line between parts and none inside the outer tags.
 */
export function legacySwaggerMarkdown(block: OpenApiBlock): string | undefined {
  if (block.data.ref.kind !== 'url') return undefined;
  const spec = inlineSpec(block.data.ref.url);
  const operation = spec?.paths[block.data.path]?.[block.data.method];
  if (!spec || !operation) return undefined;
  const parts: Array<{ position: number; text: string }> = [];
  const part = (name: string, attributes: Attributes, body: string, position: number): void =>
    void parts.push({ position, text: `${formatTag(name, attributes)}\n${body ? `${body}\n` : '\n'}${formatTag(`end${name}`)}` });
  const description = operation['x-gitbook-description'];
  if (description || operation.description)
    part(
      'swagger-description',
      description?.['x-gitbook-attributes'] ?? {},
      operation.description ?? '',
      description?.['x-gitbook-position'] ?? -1,
    );
  for (const parameter of operation.parameters ?? [])
    part(
      'swagger-parameter',
      parameter['x-gitbook-attributes'] ?? tagOf(parameter.name, parameter.in, parameter.schema.type, parameter.required),
      parameter['x-gitbook-body'] ?? parameter.description ?? '',
      parameter['x-gitbook-position'] ?? parts.length,
    );
  for (const [mediaType, { schema }] of Object.entries(operation.requestBody?.content ?? {}))
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      part(
        'swagger-parameter',
        property['x-gitbook-attributes'] ??
          tagOf(name, mediaType === BODY_MEDIA_TYPE.formdata ? 'formData' : 'body', property.type, schema.required?.includes(name)),
        property['x-gitbook-body'] ?? property.description ?? '',
        property['x-gitbook-position'] ?? parts.length,
      );
  for (const [code, response] of Object.entries(operation.responses ?? {}))
    part(
      'swagger-response',
      response['x-gitbook-attributes'] ?? { status: code, description: response.description },
      response['x-gitbook-body'] ?? '',
      response['x-gitbook-position'] ?? parts.length,
    );
  const body = parts
    .sort((a, b) => a.position - b.position)
    .map((entry) => entry.text)
    .join('\n\n');
  const open = formatTag('swagger', spec['x-gitbook-attributes'] ?? { method: block.data.method, path: block.data.path });
  return `${open}\n${body ? `${body}\n` : ''}${formatTag('endswagger')}`;
}

function tagOf(name: string, location: string, type: string | undefined, required: boolean | undefined): Attributes {
  return { in: location, name, type: type ?? 'string', ...(required ? { required: 'true' } : {}) };
}

/** A text of an inline operation that a person wrote (not a name, path, type or example), with how to replace it. */
export interface InlineSpecText {
  text: string;
  /** Replaces the text wherever the block keeps it, so `legacySwaggerMarkdown` writes the new one back into the tags. */
  set(text: string): void;
}

/**
 * The prose of an inline operation (`{% swagger %}`, see `legacySwaggerBlock`): its summary, its
 * description, each parameter's, body property's and response's description, in that order. For
 * search and translation; `url()` is the block's URL with the texts as `set` last left them.
 * Undefined for a block pointing at a specification elsewhere (its texts are that file's).
 */
export function inlineSpecProse(block: {
  data: { ref: { kind: string; url?: string }; path: string; method: string };
}): { texts: InlineSpecText[]; url(): string } | undefined {
  const spec = block.data.ref.kind === 'url' && typeof block.data.ref.url === 'string' ? inlineSpec(block.data.ref.url) : undefined;
  const operation = spec?.paths[block.data.path]?.[block.data.method];
  if (!spec || !operation || typeof operation !== 'object') return undefined;
  const texts: InlineSpecText[] = [];
  const add = (text: unknown, set: (text: string) => void) => {
    if (typeof text === 'string' && text.trim() !== '') texts.push({ text, set });
  };
  add(operation.summary, (text) => {
    if (spec.info?.title === operation.summary) spec.info.title = text;
    if (typeof spec['x-gitbook-attributes']?.summary === 'string') spec['x-gitbook-attributes'].summary = text;
    operation.summary = text;
  });
  add(operation.description, (text) => (operation.description = text));
  // A parameter's tag body is its description (`x-gitbook-body` is what is written back).
  const described = (part: { description?: string; 'x-gitbook-body'?: string }) =>
    add(part.description, (text) => {
      part.description = text;
      if (part['x-gitbook-body'] !== undefined) part['x-gitbook-body'] = text;
    });
  for (const parameter of asArray(operation.parameters)) described(parameter);
  for (const { schema } of Object.values(operation.requestBody?.content ?? {}))
    for (const property of Object.values(schema?.properties ?? {})) described(property);
  for (const response of Object.values(operation.responses ?? {}))
    add(response?.description, (text) => {
      const attributes = response['x-gitbook-attributes'];
      // Written back from the tag: its `description`, or the reason after the code in `status` ("200: OK").
      if (attributes?.description) attributes.description = text;
      else if (typeof attributes?.status === 'string' && attributes.status.trimEnd().endsWith(response.description)) {
        const status = attributes.status.trimEnd();
        attributes.status = status.slice(0, status.length - response.description.length) + text;
      }
      response.description = text;
    });
  return { texts, url: () => INLINE_SPEC_PREFIX + encodeURIComponent(JSON.stringify(spec)) };
}

const asArray = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
