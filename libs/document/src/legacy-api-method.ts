// GitBook's oldest hand-written API block, `{% api-method method host path %}` with its
// `api-method-summary`, `-description`, `-spec`/`-request` (parameters grouped by where they go) and
// `-response`/`-response-example` parts. GitBook itself migrated it to `{% swagger %}`, whose parts
// say the same things, so it is read as that: a `swagger` block whose `data:` URL holds a
// one-operation OpenAPI document (see legacy-swagger.ts). The tags as written are kept in the
// specification (`x-gitbook-api-method`), so an untouched block is written back as the same tags;
// once its operation was edited, it is written as the `{% swagger %}` it now is.
import type { BlockContent, Html } from 'mdast';
import type { OpenApiBlock } from './document.types';
import type { LiquidBlockNode } from './gitbook-mdast';
import { INLINE_SPEC_PREFIX, type InlineSpec, inlineSpec, legacySwaggerBlock } from './legacy-swagger';
import { formatTag } from './liquid-tags';

/** The tags of the block, its own and its parts'. */
export const API_METHOD_TAGS = [
  'api-method',
  'api-method-summary',
  'api-method-description',
  'api-method-spec',
  'api-method-request',
  'api-method-path-parameters',
  'api-method-query-parameters',
  'api-method-headers',
  'api-method-cookie-parameters',
  'api-method-body-parameters',
  'api-method-form-data-parameters',
  'api-method-parameter',
  'api-method-response',
  'api-method-response-example',
  'api-method-response-example-description',
] as const;

/** Where each parameter group's parameters go, as a `swagger-parameter`'s `in`. */
const PARAMETER_GROUPS: Readonly<Record<string, string>> = {
  'api-method-path-parameters': 'path',
  'api-method-query-parameters': 'query',
  'api-method-headers': 'header',
  'api-method-cookie-parameters': 'cookie',
  'api-method-body-parameters': 'body',
  'api-method-form-data-parameters': 'formData',
};

/** A tag as written: its attributes and, in order, its inner tags and the Markdown between them. */
interface WrittenTag {
  tag: string;
  attributes: Record<string, string>;
  /** The opening tag as written (GitBook left some attribute values unquoted: `required=true`). */
  opening?: string;
  /** Written without its closing tag (an empty `{% api-method-request %}`, closed by its parent's end). */
  unclosed?: boolean;
  parts: Array<WrittenTag | { markdown: string }>;
}

type SpecWithTags = InlineSpec & { 'x-gitbook-api-method'?: WrittenTag };

const specWithTags = (url: string): SpecWithTags | undefined => inlineSpec(url);

/** The `swagger` block of an `{% api-method %}`, or `'as-source'` when its parts say what no operation can. */
export function apiMethodBlock(
  node: LiquidBlockNode,
  key: string,
  markdown: (children: BlockContent[]) => string,
): OpenApiBlock | 'as-source' {
  const written = writtenTag(node, markdown);
  const block = operationBlock(written, key);
  if (block === 'as-source' || block.data.ref.kind !== 'url') return 'as-source';
  const spec: SpecWithTags = { ...(inlineSpec(block.data.ref.url) as InlineSpec), 'x-gitbook-api-method': written };
  return { ...block, data: { ...block.data, ref: { kind: 'url', url: INLINE_SPEC_PREFIX + encodeURIComponent(JSON.stringify(spec)) } } };
}

/** The block's `{% api-method %}` as written, while its operation is still the one those tags say; else undefined. */
export function apiMethodMarkdown(block: OpenApiBlock): string | undefined {
  if (block.data.ref.kind !== 'url') return undefined;
  const spec = specWithTags(block.data.ref.url);
  const written = spec?.['x-gitbook-api-method'];
  if (!spec || !written) return undefined;
  const { 'x-gitbook-api-method': _tags, ...operation } = spec;
  const fresh = operationBlock(written, block.key ?? '');
  if (fresh === 'as-source' || fresh.data.ref.kind !== 'url') return undefined;
  const unchanged =
    fresh.data.path === block.data.path &&
    fresh.data.method === block.data.method &&
    JSON.stringify(inlineSpec(fresh.data.ref.url)) === JSON.stringify(operation);
  return unchanged ? tagMarkdown(written) : undefined;
}

/** An edited `{% api-method %}` block without its tags, to be written as the `{% swagger %}` it now is. */
export function withoutApiMethodTags(block: OpenApiBlock): OpenApiBlock {
  if (block.data.ref.kind !== 'url') return block;
  const spec = specWithTags(block.data.ref.url);
  if (!spec?.['x-gitbook-api-method']) return block;
  const { 'x-gitbook-api-method': _tags, ...rest } = spec;
  return { ...block, data: { ...block.data, ref: { kind: 'url', url: INLINE_SPEC_PREFIX + encodeURIComponent(JSON.stringify(rest)) } } };
}

function writtenTag(node: LiquidBlockNode, markdown: (children: BlockContent[]) => string): WrittenTag {
  const parts: WrittenTag['parts'] = [];
  let prose: BlockContent[] = [];
  const flush = (): void => {
    if (prose.length > 0) parts.push({ markdown: markdown(prose) });
    prose = [];
  };
  for (const child of node.children) {
    if (child.type === 'liquidBlock') {
      flush();
      parts.push(writtenTag(child, markdown));
    } else prose.push(child);
  }
  flush();
  return {
    tag: node.name,
    attributes: node.attributes,
    ...(node.opening ? { opening: node.opening } : {}),
    ...(node.unclosed ? { unclosed: true } : {}),
    parts,
  };
}

const isTag = (part: WrittenTag['parts'][number]): part is WrittenTag => 'tag' in part;
const prose = (tag: WrittenTag): string =>
  tag.parts
    .filter((part) => !isTag(part))
    .map((part) => (part as { markdown: string }).markdown)
    .join('\n\n');

/** The `{% swagger %}` the tags stand for, converted by the legacy swagger reader (bodies passed through as written). */
function operationBlock(written: WrittenTag, key: string): OpenApiBlock | 'as-source' {
  const { method, host, path } = written.attributes;
  if (written.tag !== 'api-method' || !method || path === undefined) return 'as-source';
  const part = (name: string, attributes: Record<string, string>, body: string): LiquidBlockNode => ({
    type: 'liquidBlock',
    name,
    attributes,
    argument: '',
    children: body ? [{ type: 'html', value: body }] : [],
  });
  const parts: LiquidBlockNode[] = [];
  let summary = '';
  const visit = (tag: WrittenTag, location?: string): boolean => {
    switch (tag.tag) {
      case 'api-method-summary':
        summary = prose(tag).trim();
        return tag.parts.every((inner) => !isTag(inner));
      case 'api-method-description':
        parts.push(part('swagger-description', {}, prose(tag)));
        return tag.parts.every((inner) => !isTag(inner));
      case 'api-method-parameter': {
        const { name = '', type, required } = tag.attributes;
        const attributes: Record<string, string> = { in: location ?? 'query', name };
        if (type) attributes.type = type;
        if (required !== undefined) attributes.required = required;
        parts.push(part('swagger-parameter', attributes, prose(tag)));
        return location !== undefined && tag.parts.every((inner) => !isTag(inner));
      }
      case 'api-method-response-example': {
        const description = tag.parts.find(
          (inner): inner is WrittenTag => isTag(inner) && inner.tag === 'api-method-response-example-description',
        );
        const status = tag.attributes.httpCode ?? tag.attributes.httpcode ?? 'default';
        parts.push(part('swagger-response', { status, description: description ? prose(description).trim() : '' }, prose(tag)));
        return tag.parts.every((inner) => !isTag(inner) || inner === description);
      }
      case 'api-method-spec':
      case 'api-method-request':
      case 'api-method-response':
        return tag.parts.every((inner) => isTag(inner) && visit(inner));
      default: {
        const group = PARAMETER_GROUPS[tag.tag];
        return group !== undefined && tag.parts.every((inner) => isTag(inner) && visit(inner, group));
      }
    }
  };
  if (!written.parts.every((inner) => isTag(inner) && visit(inner))) return 'as-source';
  const swagger: LiquidBlockNode = {
    type: 'liquidBlock',
    name: 'swagger',
    attributes: { method, path, ...(host ? { baseUrl: host } : {}), summary },
    argument: '',
    children: parts,
  };
  return legacySwaggerBlock(swagger, key, (children) => children.map((child) => (child as Html).value).join('\n\n'));
}

/** A tag around its parts, each on its own lines, a blank line between parts (GitBook's layout for these tags). */
function tagMarkdown(tag: WrittenTag): string {
  const inner = tag.parts.map((part) => (isTag(part) ? tagMarkdown(part) : part.markdown)).join('\n\n');
  const opening = tag.opening ?? formatTag(tag.tag, tag.attributes);
  if (tag.unclosed) return inner ? `${opening}\n\n${inner}` : opening;
  return `${opening}\n${inner ? `${inner}\n` : '\n'}${formatTag(`end${tag.tag}`)}`;
}
